/**
 * The one rule for every URL a post's Markdown body names, in a link or an image
 * (docs/product/screens.md §13: a body is rendered sanitised; decision record 0048: sanitising is
 * the web app's part). Kept: `http:`, `https:` and `mailto:` URLs, and relative ones (a path, a
 * query or a fragment). Anything else, `javascript:`, `data:`, `vbscript:` or a scheme hidden by
 * tabs, entities or case, becomes the empty string.
 */
const ALLOWED_SCHEME = /^(?:https?|mailto)$/i;

export function safeUrl(url: string): string {
  // A URL has a scheme when a colon comes before any "/", "?" or "#" (the WHATWG URL parser's
  // reading). The part before it must then be exactly one of the allowed schemes: a tab, a
  // space, a control character or an encoded letter inside it is refused rather than cleaned, so
  // the browser can never read it as another scheme.
  const colon = url.indexOf(':');
  if (colon === -1) return url;
  const firstSeparator = url.search(/[/?#]/);
  if (firstSeparator !== -1 && firstSeparator < colon) return url;
  return ALLOWED_SCHEME.test(url.slice(0, colon)) ? url : '';
}
