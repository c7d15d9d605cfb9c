/**
 * The Markdown toolbar's marks (docs/product/screens.md §13: the body is Markdown), as pure edits of
 * a text and its selection: a mark wraps or prefixes what is selected, or inserts a placeholder to
 * type over when nothing is. Applying a mark to text that already has it takes it off.
 */
export const MARKS = ['bold', 'italic', 'heading', 'bulletList', 'numberedList', 'link', 'quote', 'code'] as const;
export type Mark = (typeof MARKS)[number];

/** The text after an edit, and what to select in it. */
export interface MarkEdit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

const INLINE: Partial<Record<Mark, string>> = { bold: '**', italic: '_', code: '`' };
const LINE_PREFIX: Partial<Record<Mark, (index: number) => string>> = {
  heading: () => '## ',
  bulletList: () => '- ',
  numberedList: (index) => `${index + 1}. `,
  quote: () => '> ',
};
const LINE_PATTERN: Partial<Record<Mark, RegExp>> = {
  heading: /^#{1,6} /,
  bulletList: /^[-*+] /,
  numberedList: /^\d+[.)] /,
  quote: /^> ?/,
};

const LINK_TARGET = 'https://';

function wrap(text: string, start: number, end: number, mark: string, placeholder: string): MarkEdit {
  const before = text.slice(0, start);
  const after = text.slice(end);
  if (before.endsWith(mark) && after.startsWith(mark)) {
    // Already marked: take the mark off, keeping the selection on the same words.
    return {
      text: before.slice(0, -mark.length) + text.slice(start, end) + after.slice(mark.length),
      selectionStart: start - mark.length,
      selectionEnd: end - mark.length,
    };
  }
  const inner = start === end ? placeholder : text.slice(start, end);
  return {
    text: `${before}${mark}${inner}${mark}${after}`,
    selectionStart: start + mark.length,
    selectionEnd: start + mark.length + inner.length,
  };
}

/** The whole lines the selection touches (a selection ending just after a line break leaves the next line out). */
function lineBounds(text: string, start: number, end: number): [number, number] {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const last = end > start && text[end - 1] === '\n' ? end - 1 : end;
  const newline = text.indexOf('\n', last);
  return [from, newline === -1 ? text.length : newline];
}

function prefixLines(text: string, start: number, end: number, mark: Mark, placeholder: string): MarkEdit {
  const [from, to] = lineBounds(text, start, end);
  const prefix = LINE_PREFIX[mark]!;
  const pattern = LINE_PATTERN[mark]!;
  const block = text.slice(from, to);
  if (block.trim() === '') {
    const first = prefix(0);
    return {
      text: `${text.slice(0, from)}${first}${placeholder}${text.slice(to)}`,
      selectionStart: from + first.length,
      selectionEnd: from + first.length + placeholder.length,
    };
  }
  const lines = block.split('\n');
  const marked = lines.filter((line) => line.trim() !== '').every((line) => pattern.test(line));
  let index = 0;
  const changed = lines
    .map((line) => {
      if (line.trim() === '') return line;
      if (marked) return line.replace(pattern, '');
      // A line with another line mark of the same family trades it for this one.
      const bare = Object.values(LINE_PATTERN).reduce((rest, other) => rest.replace(other, ''), line);
      return prefix(index++) + bare;
    })
    .join('\n');
  return {
    text: text.slice(0, from) + changed + text.slice(to),
    selectionStart: from,
    selectionEnd: from + changed.length,
  };
}

function link(text: string, start: number, end: number, placeholder: string): MarkEdit {
  const label = start === end ? placeholder : text.slice(start, end);
  const inserted = `[${label}](${LINK_TARGET})`;
  // The address is selected, to be typed over.
  const at = start + label.length + 3;
  return {
    text: text.slice(0, start) + inserted + text.slice(end),
    selectionStart: at,
    selectionEnd: at + LINK_TARGET.length,
  };
}

function code(text: string, start: number, end: number, placeholder: string): MarkEdit {
  const selected = text.slice(start, end);
  if (!selected.includes('\n')) return wrap(text, start, end, INLINE.code!, placeholder);
  // Several lines: a fenced block, on lines of its own.
  const before = text.slice(0, start);
  const after = text.slice(end);
  const open = `${before === '' || before.endsWith('\n') ? '' : '\n'}\`\`\`\n`;
  const close = `${selected.endsWith('\n') ? '' : '\n'}\`\`\`${after === '' || after.startsWith('\n') ? '' : '\n'}`;
  return {
    text: before + open + selected + close + after,
    selectionStart: start + open.length,
    selectionEnd: start + open.length + selected.length,
  };
}

/**
 * The text with `mark` applied to the selection [start, end). `placeholder` is what an empty
 * selection inserts (in the user's language: "bold text", "link text"...).
 */
export function applyMark(text: string, start: number, end: number, mark: Mark, placeholder: string): MarkEdit {
  const [from, to] = start <= end ? [start, end] : [end, start];
  if (mark === 'link') return link(text, from, to, placeholder);
  if (mark === 'code') return code(text, from, to, placeholder);
  const inline = INLINE[mark];
  if (inline !== undefined) return wrap(text, from, to, inline, placeholder);
  return prefixLines(text, from, to, mark, placeholder);
}
