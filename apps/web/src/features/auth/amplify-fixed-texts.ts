import { translate } from '@aws-amplify/ui';

/**
 * Texts of Amplify UI's primitives that the widget shows but never passes through I18n (they are
 * fixed English defaults: the password field's show-password switch and its spoken state, the
 * error alert's dismiss button, the phone field's country code).
 */
const FIXED_TEXTS: ReadonlySet<string> = new Set([
  'Show password',
  'Password is hidden',
  'Password is shown',
  'Dismiss alert',
  'Country code',
]);

/** The translation of a fixed text, or undefined when there is none to make (English). */
function translationOf(text: string | null): string | undefined {
  if (text === null || !FIXED_TEXTS.has(text)) return undefined;
  const translated = translate(text);
  return translated === text ? undefined : translated;
}

function translateFixed(root: Element): void {
  for (const element of root.querySelectorAll('[aria-label]')) {
    const translated = translationOf(element.getAttribute('aria-label'));
    if (translated !== undefined) element.setAttribute('aria-label', translated);
  }
  // The text node itself, not the element's content, so React's later updates (hidden → shown)
  // land on the node that is displayed, and are translated in turn.
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const translated = translationOf(node.nodeValue);
    if (translated !== undefined) node.nodeValue = translated;
  }
}

/**
 * Translates those fixed texts inside the widget as it renders them, for as long as it is shown;
 * answers the function that stops. Only English texts are changed, so the changes it makes itself
 * settle at once.
 */
export function translateFixedTexts(root: Element): () => void {
  translateFixed(root);
  const observer = new MutationObserver(() => translateFixed(root));
  observer.observe(root, { subtree: true, childList: true, characterData: true, attributeFilter: ['aria-label'] });
  return () => observer.disconnect();
}
