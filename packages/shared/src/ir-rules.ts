/**
 * The industrial-relations rules both the server and the web app apply (docs/product/ir.md):
 * NRIC numbers, member numbers, grievance case numbers, and the seed's codes with their texts.
 */

/** Grievance contact methods, the specification's codes and texts (docs/product/specification.md §4.3). */
export const CONTACT_METHODS = { 0: 'PHONE', 1: 'APPOINTMENT', 2: 'EMAIL', 3: 'OTHERS' } as const;
export type ContactMethod = keyof typeof CONTACT_METHODS;

/** Grievance case status: 0 PENDING, 1 CASE CLOSED (docs/product/specification.md §4.3). */
export const CASE_STATUS = { PENDING: 0, CASE_CLOSED: 1 } as const;
export type CaseStatus = (typeof CASE_STATUS)[keyof typeof CASE_STATUS];
export const CASE_STATUS_LABELS: Record<CaseStatus, string> = { 0: 'PENDING', 1: 'CASE CLOSED' };

/** Action types, the specification's codes and texts (docs/product/specification.md §3.6). */
export const ACTION_TYPES = {
  0: 'Initial Case Fact',
  1: 'Action By Officer',
  2: 'Action By Branch',
  3: 'Action By Member',
} as const;
export type ActionType = keyof typeof ACTION_TYPES;
/** Only opening a case writes an Initial Case Fact; every later action is one of these. */
export const LATER_ACTION_TYPES = [1, 2, 3] as const;

/** A member's standing in the union (docs/product/ir.md §1). */
export const MEMBER_STATUSES = ['active', 'lapsed', 'resigned', 'deceased'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/**
 * A Malaysian identity card number (MyKad NRIC): twelve digits, YYMMDD-PB-###G, the first six a
 * date of birth. People type it with or without dashes or spaces; it is stored as the twelve
 * digits. Returns the digits, or null when it is not one.
 */
export function normaliseNric(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d{12}$/.test(digits)) return null;
  const month = Number(digits.slice(2, 4));
  const day = Number(digits.slice(4, 6));
  if (month < 1 || month > 12 || day < 1) return null;
  // The year's century is not in the number; 29 February needs a leap year in one of them, and
  // 2000 is one, so "00" always allows it; any other year allows it when divisible by 4.
  const year = Number(digits.slice(0, 2));
  const daysInMonth = [31, year % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= (daysInMonth[month - 1] ?? 0) ? digits : null;
}

/** The twelve digits as people write them: 850101-14-5678. */
export const formatNric = (digits: string) => `${digits.slice(0, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`;

/**
 * The NRIC as shown to those who may open a member but not see the number (docs/product/ir.md §1):
 * only its last four digits, so a clerk can still tell two members apart on the phone.
 */
export const maskNric = (digits: string) => `XXXXXX-XX-${digits.slice(8)}`;

/**
 * An NRIC-shaped number in free text: twelve digits, whole or as `YYMMDD-PB-####` with dashes,
 * spaces, or their URL-encoded forms (`+`, `%20`, `%2D`) between the parts, and no digit either
 * side.
 */
const NRIC_IN_TEXT = /(?<!\d)(\d{6})(?:-|\s|\+|%20|%2D)?(\d{2})(?:-|\s|\+|%20|%2D)?(\d{4})(?!\d)/gi;

/**
 * Free text with every NRIC-shaped number in it masked as maskNric masks, for what is kept where
 * those who see NRICs masked read it: the activity log's page addresses and requests
 * (docs/product/ir.md §1). A number that only looks like an NRIC is masked too.
 */
export const maskNricsIn = (text: string): string =>
  text.replace(NRIC_IN_TEXT, (_whole, _birth: string, _place: string, last: string) => `XXXXXX-XX-${last}`);

/**
 * Search text that could be (part of) an NRIC as a record keeps it for those who see NRICs masked
 * (an export's audit entry: docs/product/ir.md §1): masked as maskNric masks, as far as it goes
 * (`780910` is `XXXXXX`, a whole NRIC `XXXXXX-XX-5999`). Null for any other text.
 */
export function maskedNricSearch(text: string): string | null {
  const digits = nricSearchDigits(text);
  if (digits === null) return null;
  const masked = 'X'.repeat(Math.min(8, digits.length)) + digits.slice(8);
  return [masked.slice(0, 6), masked.slice(6, 8), masked.slice(8)].filter((part) => part !== '').join('-');
}

/** Whether search text could be (part of) an NRIC: digits, dashes and spaces, at least six digits. */
export function nricSearchDigits(text: string): string | null {
  if (!/^[\d\s-]+$/.test(text)) return null;
  const digits = text.replace(/[\s-]/g, '');
  return digits.length >= 6 && digits.length <= 12 ? digits : null;
}

/** A member no: letters, digits and dashes, upper case, as the union issues them (e.g. M0012345). */
export const MEMBER_NO = /^[A-Z0-9][A-Z0-9-]{0,19}$/;
export const normaliseMemberNo = (text: string) => text.trim().toUpperCase();

/**
 * A grievance case no: `GRV`, the year it was opened, and its sequence within that year, at least
 * five digits (docs/product/ir.md §2, decision record on case numbering): GRV202600042.
 */
export const CASE_NO = /^GRV(\d{4})(\d{5,9})$/;
export const caseNo = (year: number, sequence: number) => `GRV${year}${String(sequence).padStart(5, '0')}`;
export function parseCaseNo(text: string): { year: number; sequence: number } | null {
  const match = CASE_NO.exec(text.trim().toUpperCase());
  return match ? { year: Number(match[1]), sequence: Number(match[2]) } : null;
}

/**
 * What is wrong with an action's or a closing's date, typed right (YYYY-MM-DD): it lies between
 * the day the case was opened and today (docs/product/ir.md §2), and the message says which end
 * it passed (docs/product/qualities.md §5). Null when the date is fine.
 */
export function caseDateProblem(
  date: string,
  openedOn: string,
  today: string,
): { reason: 'dateAfterToday' | 'beforeCaseOpened'; params: { date?: string } } | null {
  if (date > today) return { reason: 'dateAfterToday', params: {} };
  if (date < openedOn) return { reason: 'beforeCaseOpened', params: { date: openedOn } };
  return null;
}

/** The ageing of open cases, by days since opening (docs/product/screens.md §12). */
export const AGEING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export function ageingBucket(daysOpen: number): AgeingBucket {
  if (daysOpen <= 30) return '0-30';
  if (daysOpen <= 60) return '31-60';
  if (daysOpen <= 90) return '61-90';
  return '90+';
}

/**
 * Whether a user sees members' NRIC in full: those of the IR departments themselves. Everyone else
 * the IR guard admits (ITAdmin) sees it masked and reveals it one member at a time, audited.
 * Unlike the guard (./groups), ITAdmin does not pass this check.
 */
export const seesFullNric = (groups: readonly string[]) => groups.includes('IR') || groups.includes('IRAdmin');

/** What a caller sees of a member's identity: the NRIC and the date of birth it starts with. */
export interface MemberIdentity {
  /** Formatted (850101-14-5678), or masked (XXXXXX-XX-5678). */
  nric: string;
  nricMasked: boolean;
  /** ISO date, or null where the NRIC is masked. */
  dateOfBirth: string | null;
}

/**
 * The one mask of a member's identity, applied wherever a member leaves the server (the lookup,
 * the profile, the members export; docs/product/ir.md §1). Those who see NRICs masked get the
 * last four digits only, and no date of birth: a MyKad's first six digits are that date, so
 * showing it beside the mask would give them back (decision record 0071). Gender is left, as the
 * last digit shown tells it anyway.
 */
export function memberIdentityFor(
  member: { nric: string; dateOfBirth: string },
  groups: readonly string[],
): MemberIdentity {
  const full = seesFullNric(groups);
  return { nric: shownNric(member.nric, groups), nricMasked: !full, dateOfBirth: full ? member.dateOfBirth : null };
}

/** The NRIC as a list shows it to these groups: memberIdentityFor's, where the list has no date of birth. */
export const shownNric = (digits: string, groups: readonly string[]) =>
  seesFullNric(groups) ? formatNric(digits) : maskNric(digits);
