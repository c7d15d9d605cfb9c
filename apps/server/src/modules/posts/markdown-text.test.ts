import { describe, expect, it } from 'vitest';
import { markdownToText } from './markdown-text';

// A post's text in its publish e-mail (docs/product/screens.md §13).
describe('markdownToText', () => {
  it.each([
    [
      'a link keeps its address after its text',
      '[the rules](https://example.org/rules)',
      'the rules (https://example.org/rules)',
    ],
    ['an address written as the link is written once', '<https://example.org/x>', 'https://example.org/x'],
    [
      'an e-mail link',
      '[mail us](mailto:hr@example.org) or <hr@example.org>',
      'mail us (mailto:hr@example.org) or mailto:hr@example.org',
    ],
    [
      'a reference link, in any case',
      '[Handbook][HB]\n\n[hb]: https://example.org/hb',
      'Handbook (https://example.org/hb)',
    ],
    [
      'an address that is not http(s) or mailto leaves its text only',
      '[x](javascript:alert(1)) [y](data:text/html,hi)',
      'x y',
    ],
    ['emphasis and code lose their marks', '**bold**, _it_ and `code`', 'bold, it and code'],
    ['a picture gives its alternative text', '![floor plan](plan.png)', 'floor plan'],
    ['raw HTML stays the text it is', '<b>hi</b>', '<b>hi</b>'],
    ['a hard break is a new line', 'one  \ntwo', 'one\ntwo'],
  ])('%s', (_what, markdown, text) => {
    expect(markdownToText(markdown)).toBe(text);
  });

  it('keeps the shape of headings, lists, quotes and code', () => {
    const markdown = [
      '# Title',
      '',
      'First paragraph.',
      '',
      '3. three',
      '4. four',
      '   - nested [link](https://example.org/n)',
      '',
      '> quoted',
      '>',
      '> more',
      '',
      '```',
      'code line',
      '```',
      '',
      '---',
    ].join('\n');
    expect(markdownToText(markdown)).toBe(
      [
        'Title',
        '',
        'First paragraph.',
        '',
        '3. three',
        '4. four',
        '   - nested link (https://example.org/n)',
        '',
        '> quoted',
        '>',
        '> more',
        '',
        'code line',
        '',
        '---',
      ].join('\n'),
    );
  });

  it('answers nothing for an empty text', () => {
    expect(markdownToText('')).toBe('');
  });
});
