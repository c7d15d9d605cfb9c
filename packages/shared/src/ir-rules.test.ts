import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { issueDetail } from './error-reasons';
import { addActionInputSchema, caseSearchQuerySchema, memberInputSchema, memberNoSchema, nricSchema } from './ir';
import {
  AGEING_BUCKETS,
  ageingBucket,
  caseDateProblem,
  caseNo,
  formatNric,
  maskedNricSearch,
  maskNric,
  maskNricsIn,
  memberIdentityFor,
  normaliseNric,
  nricSearchDigits,
  parseCaseNo,
  seesFullNric,
  shownNric,
} from './ir-rules';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
/** Any valid NRIC's twelve digits: a real date of birth, then six digits. */
const nricDigits = fc
  .record({
    birth: fc.date({
      min: new Date('1930-01-01T00:00:00Z'),
      max: new Date('2029-12-31T00:00:00Z'),
      noInvalidDate: true,
    }),
    rest: fc.integer({ min: 0, max: 999_999 }),
  })
  .map(
    ({ birth, rest }) =>
      `${pad(birth.getUTCFullYear() % 100)}${pad(birth.getUTCMonth() + 1)}${pad(birth.getUTCDate())}${pad(rest, 6)}`,
  );

describe('NRIC', () => {
  it('reads the twelve digits however they are written, and formats them back', () => {
    fc.assert(
      fc.property(nricDigits, fc.constantFrom('', '-', ' ', ' - '), (digits, separator) => {
        const typed = `${digits.slice(0, 6)}${separator}${digits.slice(6, 8)}${separator}${digits.slice(8)}`;
        expect(normaliseNric(typed)).toBe(digits);
        expect(normaliseNric(` ${formatNric(digits)} `)).toBe(digits);
      }),
    );
  });

  it.each([
    ['too short', '85010114567'],
    ['too long', '8501011456789'],
    ['letters', '85010A145678'],
    ['month 13', '851301145678'],
    ['day 0', '850100145678'],
    ['31 April', '850431145678'],
    ['29 February of a year not divisible by 4', '850229145678'],
  ])('refuses %s', (_case, text) => {
    expect(normaliseNric(text)).toBeNull();
  });

  it('takes 29 February of a year divisible by 4, and of 00 (2000)', () => {
    expect(normaliseNric('840229-14-5678')).toBe('840229145678');
    expect(normaliseNric('000229-14-5678')).toBe('000229145678');
  });

  it('masks all but the last four digits', () => {
    fc.assert(
      fc.property(nricDigits, (digits) => {
        const masked = maskNric(digits);
        expect(masked.endsWith(digits.slice(8))).toBe(true);
        expect(masked.replace(/\D/g, '')).toBe(digits.slice(8));
      }),
    );
  });

  it('masks NRIC search text as far as it goes, and leaves other text alone', () => {
    expect(maskedNricSearch('780910')).toBe('XXXXXX');
    expect(maskedNricSearch('780910-08')).toBe('XXXXXX-XX');
    expect(maskedNricSearch('7809100859')).toBe('XXXXXX-XX-59');
    expect(maskedNricSearch('780910 08 5999')).toBe('XXXXXX-XX-5999');
    expect(maskedNricSearch('Rajesh')).toBeNull();
  });

  it('treats search text as NRIC digits only when it is digits and dashes, six to twelve of them', () => {
    expect(nricSearchDigits('850101-14')).toBe('85010114');
    expect(nricSearchDigits('85010')).toBeNull();
    expect(nricSearchDigits('Ahmad 850101')).toBeNull();
    expect(nricSearchDigits('8501011456789')).toBeNull();
  });

  it('is a 400 reason in the API, not an exception', () => {
    const result = nricSchema.safeParse('85-13');
    expect(result.success).toBe(false);
    expect(issueDetail(result.error!.issues[0]!)).toEqual({ reason: 'invalidNric', params: {} });
    expect(nricSchema.parse('850101 14 5678')).toBe('850101145678');
  });

  it('is seen in full by the IR departments only, not by ITAdmin', () => {
    expect(seesFullNric(['IR'])).toBe(true);
    expect(seesFullNric(['IRAdmin'])).toBe(true);
    expect(seesFullNric(['ITAdmin'])).toBe(false);
    expect(seesFullNric(['HR', 'HRAdmin'])).toBe(false);
  });

  it('shows one who sees NRICs masked nothing of the eight hidden digits, the date of birth included (docs/product/ir.md §1)', () => {
    const birthOf = (digits: string) =>
      `${Number(digits.slice(0, 2)) < 30 ? '20' : '19'}${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4, 6)}`;
    fc.assert(
      fc.property(nricDigits, (digits) => {
        const member = { nric: digits, dateOfBirth: birthOf(digits) };
        const masked = memberIdentityFor(member, ['ITAdmin']);
        expect(masked).toEqual({ nric: maskNric(digits), nricMasked: true, dateOfBirth: null });
        // Everything shown together, as digits: the last four, and nothing else.
        expect(Object.values(masked).join(' ').replace(/\D/g, '')).toBe(digits.slice(8));
        expect(shownNric(digits, ['ITAdmin'])).toBe(masked.nric);
        expect(memberIdentityFor(member, ['IR'])).toEqual({
          nric: formatNric(digits),
          nricMasked: false,
          dateOfBirth: member.dateOfBirth,
        });
        expect(shownNric(digits, ['IRAdmin'])).toBe(formatNric(digits));
      }),
    );
  });
});

describe('NRICs in free text (docs/product/ir.md §1)', () => {
  it('masks every NRIC-shaped number, however it is written, and leaves other numbers alone', () => {
    expect(
      maskNricsIn(
        '/member-lookup?q=850101145678&b=850101-14-5678 c=850101+14+5678 d=850101%2014%205678 e=850101%2D14%2D5678',
      ),
    ).toBe('/member-lookup?q=XXXXXX-XX-5678&b=XXXXXX-XX-5678 c=XXXXXX-XX-5678 d=XXXXXX-XX-5678 e=XXXXXX-XX-5678');
    expect(maskNricsIn('M0012345, 2026-11-29, +60123456789, 8501011456789, GRV202600042')).toBe(
      'M0012345, 2026-11-29, +60123456789, 8501011456789, GRV202600042',
    );
  });
});

describe('case numbers', () => {
  it('read back as the year and sequence they were made of, in any case', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2100 }), fc.integer({ min: 1, max: 999_999_999 }), (year, sequence) => {
        const number = caseNo(year, sequence);
        expect(parseCaseNo(number)).toEqual({ year, sequence });
        expect(parseCaseNo(number.toLowerCase())).toEqual({ year, sequence });
      }),
    );
  });

  it('sort by sequence within a year while the sequence has five digits', () => {
    expect(caseNo(2026, 42)).toBe('GRV202600042');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 1, max: 99_999 }), (a, b) => {
        expect(caseNo(2026, a) < caseNo(2026, b)).toBe(a < b);
      }),
    );
  });

  it.each(['GRV2026', 'GRV20260001', 'LV2026000001', 'GRV2026ABCDE'])('refuses %s', (text) => {
    expect(parseCaseNo(text)).toBeNull();
  });
});

describe('ageing', () => {
  it('puts every number of days in one bucket, never an earlier one for more days', () => {
    expect([0, 30, 31, 60, 61, 90, 91].map(ageingBucket)).toEqual([
      '0-30',
      '0-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
    ]);
    fc.assert(
      fc.property(fc.nat(2000), fc.nat(2000), (a, b) => {
        const [less, more] = a <= b ? [a, b] : [b, a];
        expect(AGEING_BUCKETS.indexOf(ageingBucket(less))).toBeLessThanOrEqual(
          AGEING_BUCKETS.indexOf(ageingBucket(more)),
        );
      }),
    );
  });
});

describe("a case's dates (docs/product/ir.md §2, docs/product/qualities.md §5)", () => {
  it('says which end a date passed: after today, or before the day the case was opened', () => {
    expect(caseDateProblem('2026-11-10', '2026-11-02', '2026-11-29')).toBeNull();
    expect(caseDateProblem('2026-11-02', '2026-11-02', '2026-11-02')).toBeNull();
    expect(caseDateProblem('2026-11-30', '2026-11-02', '2026-11-29')).toEqual({ reason: 'dateAfterToday', params: {} });
    expect(caseDateProblem('2026-11-01', '2026-11-02', '2026-11-29')).toEqual({
      reason: 'beforeCaseOpened',
      params: { date: '2026-11-02' },
    });
  });
});

describe('IR schemas', () => {
  it('normalise a member no to upper case and refuse other characters', () => {
    expect(memberNoSchema.parse(' m0012345 ')).toBe('M0012345');
    expect(memberNoSchema.safeParse('M 12').success).toBe(false);
  });

  it('refuse an Initial Case Fact as a later action', () => {
    const result = addActionInputSchema.safeParse({ type: 0, date: '2026-11-26', text: 'x' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['type']);
  });

  it('refuse a date range that ends before it starts, naming its end', () => {
    const result = caseSearchQuerySchema.safeParse({ openedFrom: '2026-02-01', openedTo: '2026-01-31' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['openedTo']);
    expect(caseSearchQuerySchema.safeParse({ closedFrom: '2026-01-01', closedTo: '2026-01-01' }).success).toBe(true);
  });

  it('store a member with the NRIC as its digits and defaults for what the file may leave out', () => {
    const member = memberInputSchema.parse({
      memberNo: 'm001',
      name: 'Nurul Aina binti Hassan',
      nric: '900215-10-5522',
      gender: 'F',
      dateOfBirth: '1990-02-15',
      employer: 'Maybank',
      branch: 'Kuala Lumpur',
      joinDate: '2015-06-01',
    });
    expect(member).toMatchObject({ memberNo: 'M001', nric: '900215105522', status: 'active', position: '' });
  });
});
