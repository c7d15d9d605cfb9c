import { toNestErrors } from '@hookform/resolvers';
import { issueDetail } from '@staff-portal/shared/error-reasons';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { reasonText } from './error-text';

/**
 * A react-hook-form resolver for a shared zod schema whose messages are the user's: each issue
 * is worded by its reason in the current language (lib/error-text.ts), not by the schema's
 * English message, which is written for API clients. An empty field is "required" whatever
 * check it failed. zodResolver cannot do this: a schema's own message outranks any error map.
 */
export function plainResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values, { reportInput: true });
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= { type: issue.code, message: reasonText(issueDetail(issue)) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
