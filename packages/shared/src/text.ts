/**
 * The one rule for text the API takes in, whatever the field: no NUL character (U+0000).
 * PostgreSQL's text cannot hold it (it refuses the whole statement), no person types it, and
 * other systems read it as the end of the string. The server applies the rule to every request's
 * body, query and path before any route's own validation, so no endpoint can forget it.
 */
export const NUL_TEXT_MESSAGE = 'must not contain the NUL character (\\u0000)';
export const TOO_DEEP_MESSAGE = 'is nested too deeply';

/** Deeper than any request of the API; the search stops (and refuses) there rather than recurse on. */
const MAX_DEPTH = 32;

export interface TextProblem {
  /** Where, e.g. `['serviceTiers', 0, 'name']`; `[]` for the value itself. */
  path: (string | number)[];
  message: typeof NUL_TEXT_MESSAGE | typeof TOO_DEEP_MESSAGE;
}

/** The first string (or object key) in `value` that holds a NUL character, if any. */
export function findNulText(value: unknown, path: (string | number)[] = []): TextProblem | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? { path, message: NUL_TEXT_MESSAGE } : undefined;
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return undefined;
  if (path.length >= MAX_DEPTH) return { path, message: TOO_DEEP_MESSAGE };
  const entries: [string | number, unknown][] = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof key === 'string' && key.includes('\u0000')) return { path: [...path, key], message: NUL_TEXT_MESSAGE };
    const found = findNulText(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** A path as the API names fields: `serviceTiers.0.name`. */
export const fieldName = (path: readonly (string | number)[]) => path.join('.');
