import { issueDetail } from '@staff-portal/shared/error-reasons';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { numberText } from './number-text';

const days = z.number().min(0).max(366);
const reasonOf = (schema: z.ZodType, text: string) => {
  const result = schema.safeParse(text, { reportInput: true });
  return result.success ? undefined : issueDetail(result.error.issues[0]!).reason;
};

describe('numberText', () => {
  it('reads the number as typed, a comma as the decimal point', () => {
    expect(numberText(days).parse(' 2.5 ')).toBe(2.5);
    expect(numberText(days).parse('1,5')).toBe(1.5);
  });

  it('refuses an empty field as required and text that is no number as an invalid value', () => {
    expect(reasonOf(numberText(days), '  ')).toBe('required');
    expect(reasonOf(numberText(days), 'ten')).toBe('invalidValue');
  });

  it("leaves the schema's own checks to the schema", () => {
    expect(reasonOf(numberText(days), '400')).toBe('tooBig');
  });

  it('gives null for an empty field where the schema takes null', () => {
    expect(numberText(days.nullable(), { empty: null }).parse('')).toBeNull();
    expect(reasonOf(numberText(days.nullable(), { empty: null }), 'x')).toBe('invalidValue');
  });
});
