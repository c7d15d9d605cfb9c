import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LONE_SURROGATE_MESSAGE, NUL_TEXT_MESSAGE, TOO_DEEP_MESSAGE, fieldName, findBadText } from './text';

const nulAt = (path: (string | number)[]) => ({ path, message: NUL_TEXT_MESSAGE, reason: 'nulText' });
const surrogateAt = (path: (string | number)[]) => ({ path, message: LONE_SURROGATE_MESSAGE, reason: 'illFormedText' });

describe('findBadText', () => {
  it('finds a NUL in a string, an array item, a nested field or a key', () => {
    expect(findBadText('a\u0000b')).toEqual(nulAt([]));
    expect(findBadText({ purpose: 'a\u0000b' })).toEqual(nulAt(['purpose']));
    expect(findBadText({ serviceTiers: [{ name: 'ok' }, { name: '\u0000' }] })).toEqual(
      nulAt(['serviceTiers', 1, 'name']),
    );
    expect(findBadText({ 'a\u0000': 1 })).toEqual(nulAt(['a\u0000']));
    expect(fieldName(['serviceTiers', 1, 'name'])).toBe('serviceTiers.1.name');
  });

  it('finds half of a surrogate pair, high or low, anywhere in a string, a field or a key', () => {
    expect(findBadText('cat \ud800')).toEqual(surrogateAt([]));
    expect(findBadText({ name: '\udc00 dog' })).toEqual(surrogateAt(['name']));
    expect(findBadText({ rows: [{ name: 'ok' }, { name: 'a\udbffb' }] })).toEqual(surrogateAt(['rows', 1, 'name']));
    // Two halves the wrong way round are two lone halves.
    expect(findBadText({ name: '\udc00\ud800' })).toEqual(surrogateAt(['name']));
    expect(findBadText({ 'k\ud800': 1 })).toEqual(surrogateAt(['k\ud800']));
  });

  it('finds nothing in well-formed text, whole pairs (emoji) included, numbers, booleans, null or buffers', () => {
    expect(
      findBadText({
        a: 'text',
        b: 1,
        c: true,
        d: null,
        e: [new Uint8Array([0])],
        f: undefined,
        g: 'Siti 😀 \ud83d\ude00',
      }),
    ).toBeUndefined();
  });

  it('finds any NUL anywhere in JSON, and nothing when there is none', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(findBadText(value)?.reason === 'nulText').toBe(text.includes('\\u0000'));
      }),
    );
  });

  it('finds a lone surrogate exactly where the text is not well-formed', () => {
    // Units of any code point, or a surrogate half, which may happen to pair with the next one.
    const unit = fc.oneof(
      fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff'),
      fc.string({ unit: 'binary', maxLength: 1 }),
    );
    // UTF-8 cannot encode a lone surrogate: the round trip changes exactly the text that is not well-formed.
    const wellFormed = (text: string) => new TextDecoder().decode(new TextEncoder().encode(text)) === text;
    fc.assert(
      fc.property(fc.string({ unit }), (text) => {
        const clean = text.replaceAll('\u0000', '');
        expect(findBadText(clean)?.reason === 'illFormedText').toBe(!wellFormed(clean));
      }),
    );
  });

  it('refuses nesting deeper than any request needs instead of recursing on', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findBadText(deep)).toEqual({ path: Array(32).fill(0), message: TOO_DEEP_MESSAGE, reason: 'invalidValue' });
  });
});
