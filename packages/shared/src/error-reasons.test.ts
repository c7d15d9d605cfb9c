import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { because, ERROR_REASONS, issueDetail } from './error-reasons';
import { applyLeaveInputSchema } from './leave';
import { carryForwardRuleSchema, leaveTypeInputSchema } from './leave-admin';
import { movementInputSchema } from './staff-movement';

/** The reason of the first issue, as the API's error handler and the web's resolver read it. */
function reasonOf(schema: z.ZodType, value: unknown, reportInput = false) {
  const result = schema.safeParse(value, { reportInput });
  if (result.success) throw new Error('expected the value to be refused');
  return issueDetail(result.error.issues[0]!);
}

describe('issueDetail', () => {
  it.each([
    ['a date that is not one', z.iso.date(), '8 March', { reason: 'invalidDate', params: {} }],
    ['an e-mail that is not one', z.email(), 'someone', { reason: 'invalidEmail', params: {} }],
    ['text of the wrong form', z.string().regex(/^LVE\d{4}$/), 'ANNUAL', { reason: 'invalidFormat', params: {} }],
    ['text too long', z.string().max(10), 'x'.repeat(11), { reason: 'tooLong', params: { maximum: 10 } }],
    ['text too short', z.string().min(3), 'ab', { reason: 'tooShort', params: { minimum: 3 } }],
    ['empty text that must not be', z.string().min(1), '', { reason: 'required', params: {} }],
    ['a number too small', z.number().min(1), 0, { reason: 'tooSmall', params: { minimum: 1 } }],
    ['a number too big', z.number().max(127), 128, { reason: 'tooBig', params: { maximum: 127 } }],
    ['a fraction where a whole number is needed', z.number().int(), 1.5, { reason: 'notWhole', params: {} }],
    ['a value outside an enum', z.enum(['a', 'b']), 'c', { reason: 'invalidChoice', params: {} }],
    [
      'a value outside a union of literals',
      z.union([z.literal(0), z.literal(1)]),
      3,
      { reason: 'invalidChoice', params: {} },
    ],
    ['too many items', z.array(z.number()).max(1), [1, 2], { reason: 'tooMany', params: { maximum: 1 } }],
    ['a string where a number is needed', z.number(), 'x', { reason: 'invalidValue', params: {} }],
  ])('reads %s', (_name, schema, value, detail) => {
    expect(reasonOf(schema, value)).toEqual(detail);
  });

  it('takes a custom check’s reason and figures from its params, and ignores reasons it does not know', () => {
    const short = z.number().refine((n) => n < 5, { message: 'at most 4', ...because('tooBig', { maximum: 4 }) });
    expect(reasonOf(short, 9)).toEqual({ reason: 'tooBig', params: { maximum: 4 } });
    const unknown = z.number().refine((n) => n < 5, { message: 'no', params: { reason: 'somethingNew' } });
    expect(reasonOf(unknown, 9)).toEqual({ reason: 'invalidValue', params: {} });
  });

  it('calls an empty field "required" whatever check it failed, when the input is reported', () => {
    expect(reasonOf(z.iso.date(), '', true)).toEqual({ reason: 'required', params: {} });
    expect(reasonOf(z.iso.date(), 'soon', true)).toEqual({ reason: 'invalidDate', params: {} });
  });

  it('gives the shared schemas’ own checks their reasons', () => {
    const request = { leaveTypeId: 'LVE0001', startDate: '2026-03-04', endDate: '2026-03-02', dayType: 0 };
    expect(reasonOf(applyLeaveInputSchema, request).reason).toBe('endBeforeStart');
    expect(reasonOf(carryForwardRuleSchema, { cap: 5, expiry: '02-29' }).reason).toBe('noSuchDay');
    const movement = {
      kind: 'outstation',
      startsAt: '2026-03-04T09:00:00Z',
      endsAt: '2026-04-30T09:00:00Z',
      purpose: 'x',
    };
    expect(reasonOf(movementInputSchema, movement)).toEqual({ reason: 'movementTooLong', params: { maximum: 31 } });
    const tiers = leaveTypeInputSchema.shape.serviceTiers;
    expect(
      reasonOf(tiers, [
        { minYears: 5, days: 1 },
        { minYears: 2, days: 2 },
      ]).reason,
    ).toBe('tiersAscending');
  });

  it('names every reason once', () => {
    expect(new Set(ERROR_REASONS).size).toBe(ERROR_REASONS.length);
  });
});
