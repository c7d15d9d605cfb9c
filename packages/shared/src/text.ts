import type { ErrorReason } from './error-reasons';

/**
 * The one rule for text the API takes in, whatever the field: well-formed text.
 *
 * - No NUL character (U+0000). PostgreSQL's text cannot hold it (it refuses the whole statement),
 *   no person types it, and other systems read it as the end of the string.
 * - No half of a UTF-16 surrogate pair (U+D800–U+DFFF alone), which JSON's `\ud800` escapes can
 *   give. It is no character at all: UTF-8 cannot encode it, so PostgreSQL refuses it in JSON and
 *   the driver turns it into U+FFFD in text, changing what was sent without a word.
 *
 * The server applies the rule to every request's body, query and path before any route's own
 * validation, so no endpoint can forget it; the identity service applies it to its own requests.
 */
export const NUL_TEXT_MESSAGE = 'must not contain the NUL character (\\u0000)';
export const LONE_SURROGATE_MESSAGE = 'must be well-formed text: it holds half of a UTF-16 surrogate pair';
export const TOO_DEEP_MESSAGE = 'is nested too deeply';

/** Deeper than any request of the API; the search stops (and refuses) there rather than recurse on. */
const MAX_DEPTH = 32;

/** A surrogate code unit that is not half of a pair (`u` reads a whole pair as one code point). */
const LONE_SURROGATE = /\p{Cs}/u;

export interface TextProblem {
  /** Where, e.g. `['serviceTiers', 0, 'name']`; `[]` for the value itself. */
  path: (string | number)[];
  message: typeof NUL_TEXT_MESSAGE | typeof LONE_SURROGATE_MESSAGE | typeof TOO_DEEP_MESSAGE;
  /** The reason the API's error gives (decision record 0035). */
  reason: Extract<ErrorReason, 'nulText' | 'illFormedText' | 'invalidValue'>;
}

/** What is wrong with one string under the rule, if anything. */
function stringProblem(text: string, path: (string | number)[]): TextProblem | undefined {
  if (text.includes('\u0000')) return { path, message: NUL_TEXT_MESSAGE, reason: 'nulText' };
  if (LONE_SURROGATE.test(text)) return { path, message: LONE_SURROGATE_MESSAGE, reason: 'illFormedText' };
  return undefined;
}

/** The first string (or object key) in `value` that breaks the text rule, if any. */
export function findBadText(value: unknown, path: (string | number)[] = []): TextProblem | undefined {
  if (typeof value === 'string') return stringProblem(value, path);
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return undefined;
  if (path.length >= MAX_DEPTH) return { path, message: TOO_DEEP_MESSAGE, reason: 'invalidValue' };
  const entries: [string | number, unknown][] = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
  for (const [key, item] of entries) {
    const keyProblem = typeof key === 'string' ? stringProblem(key, [...path, key]) : undefined;
    if (keyProblem) return keyProblem;
    const found = findBadText(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** A path as the API names fields: `serviceTiers.0.name`. */
export const fieldName = (path: readonly (string | number)[]) => path.join('.');
