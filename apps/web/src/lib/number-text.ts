import { z } from 'zod';

/** A number as typed in a text field: spaces around it ignored, a comma read as the decimal point. */
export const numberFromText = (text: string) => Number(text.trim().replace(',', '.'));

/**
 * A form's number field checked by a shared schema: the text as typed goes in, the schema's number
 * comes out. Empty is "required", or `null` with `{ empty: null }` (an override left blank); text
 * that is no number is an invalid value. Both are refused under the field before anything reaches
 * the server, worded like every other reason (lib/plain-resolver.ts).
 */
export function numberText<T>(schema: z.ZodType<T, number>): z.ZodType<T, string>;
export function numberText<T>(schema: z.ZodType<T, number | null>, options: { empty: null }): z.ZodType<T, string>;
export function numberText<T>(schema: z.ZodType<T, number | null>, options?: { empty: null }): z.ZodType<T, string> {
  return z
    .string()
    .transform((text, context): number | null => {
      if (text.trim() === '') {
        if (options?.empty === null) return null;
        context.addIssue({ code: 'custom', message: 'a number is required', params: { reason: 'required' } });
        return z.NEVER;
      }
      const value = numberFromText(text);
      if (!Number.isFinite(value)) {
        context.addIssue({ code: 'custom', message: 'must be a number', params: { reason: 'invalidValue' } });
        return z.NEVER;
      }
      return value;
    })
    .pipe(schema);
}
