/** One field of an audited change, as the before/after comparison shows it. */
export interface ChangeRow {
  /** The field's name; '' when before or after is a single value rather than an object of fields. */
  key: string;
  /** The value shown, or undefined when the field was not there. */
  before: string | undefined;
  after: string | undefined;
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as text: a string as it is, anything else as JSON. */
export function valueText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

function equal(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => equal(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => equal(a[key], b[key]));
  }
  return false;
}

/**
 * The fields of a change side by side: each key of before and after (before's order, then the
 * new ones), and whether it changed. A creation has no before and a deletion no after; a side
 * that is a single value rather than an object of fields compares as one row.
 */
export function changeRows(before: unknown, after: unknown): ChangeRow[] {
  const b = before ?? undefined;
  const a = after ?? undefined;
  if (b === undefined && a === undefined) return [];
  if ((b === undefined || isRecord(b)) && (a === undefined || isRecord(a))) {
    const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
    return keys.map((key) => ({
      key,
      before: valueText(b?.[key]),
      after: valueText(a?.[key]),
      changed: !equal(b?.[key], a?.[key]),
    }));
  }
  return [{ key: '', before: valueText(b), after: valueText(a), changed: !equal(b, a) }];
}
