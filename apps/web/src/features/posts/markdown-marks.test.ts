import { describe, expect, it } from 'vitest';
import { applyMark } from './markdown-marks';

/** Applies a mark to the text between the brackets «» and shows the result with its selection in «». */
function apply(marked: string, mark: Parameters<typeof applyMark>[3], placeholder = 'text') {
  const start = marked.indexOf('«');
  const end = marked.indexOf('»') - 1;
  const text = marked.replace('«', '').replace('»', '');
  const edit = applyMark(text, start, end, mark, placeholder);
  return `${edit.text.slice(0, edit.selectionStart)}«${edit.text.slice(edit.selectionStart, edit.selectionEnd)}»${edit.text.slice(edit.selectionEnd)}`;
}

describe('applyMark', () => {
  it('wraps the selection in bold, italic and code marks, keeping it selected', () => {
    expect(apply('a «word» here', 'bold')).toBe('a **«word»** here');
    expect(apply('a «word» here', 'italic')).toBe('a _«word»_ here');
    expect(apply('a «word» here', 'code')).toBe('a `«word»` here');
  });

  it('inserts a selected placeholder when nothing is selected', () => {
    expect(apply('a «»', 'bold', 'bold text')).toBe('a **«bold text»**');
  });

  it('takes a mark off text that has it', () => {
    expect(apply('a **«word»** here', 'bold')).toBe('a «word» here');
    expect(apply('a _«word»_ here', 'italic')).toBe('a «word» here');
  });

  it('prefixes every selected line for headings, lists and quotes', () => {
    expect(apply('intro\n«one\ntwo»\nend', 'bulletList')).toBe('intro\n«- one\n- two»\nend');
    expect(apply('intro\n«one\ntwo»\nend', 'numberedList')).toBe('intro\n«1. one\n2. two»\nend');
    expect(apply('intro\n«one\ntwo»\nend', 'quote')).toBe('intro\n«> one\n> two»\nend');
    expect(apply('Ti«tl»e', 'heading')).toBe('«## Title»');
  });

  it('takes a line mark off lines that all have it, and trades one list for the other', () => {
    expect(apply('«- one\n- two»', 'bulletList')).toBe('«one\ntwo»');
    expect(apply('«- one\n- two»', 'numberedList')).toBe('«1. one\n2. two»');
  });

  it('starts an empty line with the mark and a placeholder', () => {
    expect(apply('first\n«»', 'heading', 'Heading')).toBe('first\n## «Heading»');
  });

  it('makes a link of the selection, with the address selected to type over', () => {
    expect(apply('see «the handbook» now', 'link')).toBe('see [the handbook](«https://») now');
    expect(apply('«»', 'link', 'link text')).toBe('[link text](«https://»)');
  });

  it('fences several lines of code on lines of their own', () => {
    expect(apply('before «a\nb» after', 'code')).toBe('before \n```\n«a\nb»\n```\n after');
  });
});
