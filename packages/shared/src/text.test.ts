import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NUL_TEXT_MESSAGE, TOO_DEEP_MESSAGE, fieldName, findNulText } from './text';

const nulAt = (path: (string | number)[]) => ({ path, message: NUL_TEXT_MESSAGE });

describe('findNulText', () => {
  it('finds a NUL in a string, an array item, a nested field or a key', () => {
    expect(findNulText('a\u0000b')).toEqual(nulAt([]));
    expect(findNulText({ purpose: 'a\u0000b' })).toEqual(nulAt(['purpose']));
    expect(findNulText({ serviceTiers: [{ name: 'ok' }, { name: '\u0000' }] })).toEqual(
      nulAt(['serviceTiers', 1, 'name']),
    );
    expect(findNulText({ 'a\u0000': 1 })).toEqual(nulAt(['a\u0000']));
    expect(fieldName(['serviceTiers', 1, 'name'])).toBe('serviceTiers.1.name');
  });

  it('finds nothing in text without NUL, numbers, booleans, null or buffers', () => {
    expect(findNulText({ a: 'text', b: 1, c: true, d: null, e: [new Uint8Array([0])], f: undefined })).toBeUndefined();
  });

  it('finds any NUL anywhere in JSON, and nothing when there is none', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(findNulText(value) !== undefined).toBe(text.includes('\\u0000'));
      }),
    );
  });

  it('refuses nesting deeper than any request needs instead of recursing on', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNulText(deep)).toEqual({ path: Array(32).fill(0), message: TOO_DEEP_MESSAGE });
  });
});
