import type { Nodes, PhrasingContent, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

/**
 * A post's Markdown as plain text for an e-mail (docs/product/screens.md §13): paragraphs,
 * headings, lists and quotes keep their shape; emphasis loses its marks; a link keeps its address
 * after its text, "the rules (https://example.org/rules)", or alone when the text is the address.
 * Only http(s) and mailto addresses are written out: any other (javascript:, data:...) leaves its
 * text alone, as the web app shows no link for it. Pictures give their alternative text, as the
 * web app shows only the post's own files. Raw HTML is kept as the text it is, as on the web.
 */
export function markdownToText(markdown: string): string {
  const tree = fromMarkdown(markdown);
  const definitions = new Map<string, string>();
  collectDefinitions(tree.children, definitions);
  return blocks(tree.children, definitions);
}

const SAFE_ADDRESS = /^(?:https?:\/\/|mailto:)/i;

function collectDefinitions(nodes: readonly Nodes[], into: Map<string, string>) {
  for (const node of nodes) {
    // The first definition of a label wins, as CommonMark says.
    if (node.type === 'definition' && !into.has(node.identifier)) into.set(node.identifier, node.url);
    if ('children' in node) collectDefinitions(node.children, into);
  }
}

/** The text of a link followed by its address, when the address is one to write out. */
function withAddress(text: string, url: string): string {
  const address = url.trim();
  if (!SAFE_ADDRESS.test(address)) return text;
  if (text === '' || text === address || `mailto:${text}` === address) return address;
  return `${text} (${address})`;
}

function inline(nodes: readonly PhrasingContent[], definitions: Map<string, string>): string {
  return nodes
    .map((node): string => {
      switch (node.type) {
        case 'text':
        case 'inlineCode':
        case 'html':
          return node.value;
        case 'break':
          return '\n';
        case 'link':
          return withAddress(inline(node.children, definitions), node.url);
        case 'linkReference': {
          const text = inline(node.children, definitions);
          const url = definitions.get(node.identifier);
          return url === undefined ? text : withAddress(text, url);
        }
        case 'image':
        case 'imageReference':
          return node.alt ?? '';
        default:
          return 'children' in node ? inline(node.children, definitions) : '';
      }
    })
    .join('');
}

/** Every line after the first indented, so a list item's later lines sit under its text. */
const indented = (text: string, first: string, rest: string) =>
  text
    .split('\n')
    .map((line, index) => (index === 0 ? first : line === '' ? '' : rest) + line)
    .join('\n');

function block(node: RootContent, definitions: Map<string, string>): string {
  switch (node.type) {
    case 'paragraph':
    case 'heading':
      return inline(node.children, definitions);
    case 'thematicBreak':
      return '---';
    case 'blockquote':
      return blocks(node.children, definitions)
        .split('\n')
        .map((line) => (line === '' ? '>' : `> ${line}`))
        .join('\n');
    case 'list': {
      const start = node.start ?? 1;
      return node.children
        .map((item, index) => {
          const mark = node.ordered ? `${start + index}. ` : '- ';
          const text = blocks(item.children, definitions, item.spread ? '\n\n' : '\n');
          return indented(text, mark, ' '.repeat(mark.length));
        })
        .join(node.spread ? '\n\n' : '\n');
    }
    case 'code':
    case 'html':
      return node.value;
    case 'definition':
      return '';
    default:
      return 'children' in node ? blocks(node.children, definitions) : '';
  }
}

function blocks(nodes: readonly RootContent[], definitions: Map<string, string>, between = '\n\n'): string {
  return nodes
    .map((node) => block(node, definitions))
    .filter((text) => text !== '')
    .join(between);
}
