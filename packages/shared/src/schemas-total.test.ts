import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as ir from './ir';
import * as leave from './leave';
import * as leaveAdmin from './leave-admin';
import * as log from './log';
import * as runtimeConfig from './runtime-config';
import * as staffMovement from './staff-movement';

/**
 * Every schema the API validates with must answer bad input with issues, never throw: a
 * refinement that runs after its field's format check failed (e.g. parsing `13-01` as a date)
 * would be a 500 instead of a 400.
 */
const modules = { ir, leave, leaveAdmin, log, runtimeConfig, staffMovement };
const schemas = Object.entries(modules).flatMap(([module, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => [`${module}.${name}`, schema] as const),
);

/** Strings that break formats: wrong shapes, impossible dates, NUL, very long. */
const awkward = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '13-01',
    '02-30',
    '00-00',
    'probe',
    '2026-02-30',
    '2026-13-01',
    '9999-99-99',
    'a\u0000b',
    'x'.repeat(5000),
  ),
  fc.string(),
);
const anything = fc.oneof(awkward, fc.anything());
/** An object with the schema's own keys, each given an awkward value, so that refinements see them. */
function objectsFor(schema: z.ZodType) {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  const keys = shape ? Object.keys(shape) : ['id', 'year', 'date'];
  return fc.record(Object.fromEntries(keys.map((key) => [key, anything])), { requiredKeys: [] });
}

describe('shared schemas', () => {
  it('finds schemas to check', () => {
    expect(schemas.length).toBeGreaterThan(20);
  });

  it.each(schemas)('%s answers any input with a result, never an exception', (_name, schema) => {
    fc.assert(
      fc.property(fc.oneof(anything, objectsFor(schema)), (input) => {
        expect(() => schema.safeParse(input)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a carry-forward expiry that is not a month and day, naming the field', () => {
    for (const expiry of ['13-01', 'probe', '02-30', '1-1']) {
      const result = leaveAdmin.leaveTypeInputSchema.shape.carryForwardExpiry.safeParse(expiry);
      expect(result.success, expiry).toBe(false);
    }
    expect(leaveAdmin.leaveTypeInputSchema.shape.carryForwardExpiry.safeParse('12-31').success).toBe(true);
  });
});
