import { AppError } from '@staff-portal/shared/errors';
import { describe, expect, it, vi } from 'vitest';
import { showErrorAtField } from './field-error';

interface Values {
  subject: string;
  audience: string[];
}

const refusal = (field: string | undefined) =>
  new AppError('VALIDATION_ERROR', 'subject is required', {
    ...(field === undefined ? {} : { field }),
    detail: { reason: 'required', params: {} },
  });

describe('showErrorAtField', () => {
  it('puts a refusal under the field it names, worded for the user', () => {
    const setError = vi.fn();
    expect(showErrorAtField<Values>(refusal('subject'), setError, ['subject', 'audience'])).toBe(true);
    expect(setError).toHaveBeenCalledWith(
      'subject',
      { type: 'server', message: 'This is required.' },
      { shouldFocus: false },
    );
  });

  it('maps the API’s field to the form’s, and focuses it when asked', () => {
    const setError = vi.fn();
    const fieldOf = (apiField: string) => (apiField.startsWith('audience.') ? ('audience' as const) : undefined);
    expect(showErrorAtField<Values>(refusal('audience.2'), setError, fieldOf, { shouldFocus: true })).toBe(true);
    expect(setError).toHaveBeenCalledWith('audience', expect.objectContaining({ type: 'server' }), {
      shouldFocus: true,
    });
  });

  it('leaves a refusal of no field, of a field the form lacks, or that is no API answer', () => {
    const setError = vi.fn();
    expect(showErrorAtField<Values>(refusal(undefined), setError, ['subject'])).toBe(false);
    expect(showErrorAtField<Values>(refusal('attachments'), setError, ['subject'])).toBe(false);
    expect(showErrorAtField<Values>(new Error('boom'), setError, ['subject'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
