import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url';

describe('safeUrl', () => {
  it.each([
    'https://example.org/handbook',
    'http://example.org',
    'HTTPS://EXAMPLE.ORG',
    'mailto:hr@staffportal.example',
    '/announcements',
    'handbook.pdf',
    './a/b:c',
    '?page=2',
    '#section',
    '//example.org/path',
    '',
  ])('keeps %j', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'jav\tascript:alert(1)',
    'jav%09ascript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'file:///etc/passwd',
    'blob:https://example.org/1',
    'ftp://example.org',
    'tel:123',
    'https\t://example.org',
  ])('refuses %j', (url) => {
    expect(safeUrl(url)).toBe('');
  });
});
