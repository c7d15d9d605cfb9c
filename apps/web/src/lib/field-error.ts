import { isAppError } from '@staff-portal/shared/errors';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorText } from './error-text';

/**
 * Which form field an API field names: the form's field names, when they are the API's, or a
 * function for a form whose names differ (`audience.2` → `audience`). Undefined: none of the form's.
 */
export type FieldsOf<V extends FieldValues> = readonly Path<V>[] | ((apiField: string) => Path<V> | undefined);

/**
 * Puts an API refusal under the form field it names (the answer's `field`, decision record 0035),
 * worded as everywhere (`errorText`), and answers whether it did. The notification says it
 * already (lib/report-error.ts); a refusal of no field, or of a field the form does not have, is
 * left there, or to the caller (a file picker, a banner over the form).
 */
export function showErrorAtField<V extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<V>,
  fields: FieldsOf<V>,
  options: { shouldFocus?: boolean } = {},
): boolean {
  if (!isAppError(error) || error.field === undefined) return false;
  const apiField = error.field;
  const field = typeof fields === 'function' ? fields(apiField) : fields.find((name) => name === apiField);
  if (field === undefined) return false;
  setError(field, { type: 'server', message: errorText(error) }, { shouldFocus: options.shouldFocus ?? false });
  return true;
}
