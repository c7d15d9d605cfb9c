/**
 * Why the API or a form refused a field, as a stable code with the figures it needs (`params`).
 * Error answers carry it beside their English `message`; the web app words each reason in the
 * user's language under the field (docs/product/qualities.md §1, docs/product/leave.md §16).
 * A reason once published keeps its meaning; the web's type check fails while one has no text.
 */
export const ERROR_REASONS = [
  // Any field, from what its schema checks.
  'required',
  'invalidValue',
  'invalidChoice',
  'invalidFormat',
  'invalidDate',
  'invalidDateTime',
  'invalidEmail',
  'notWhole',
  'tooShort',
  'tooLong',
  'tooSmall',
  'tooBig',
  'tooMany',
  'unknownField',
  'nulText',
  'illFormedText',
  // The shared schemas' own checks.
  'halfDays',
  'notZero',
  'noSuchDay',
  'tiersAscending',
  'dateOutOfRange',
  'dateInYear',
  'endBeforeStart',
  'endNotAfterStart',
  'halfDaySameDay',
  'rejectionNeedsReason',
  'leavingBeforeJoining',
  'movementTooLong',
  'rangeTooLong',
  'delegationTooLong',
  // Leave rules the server judges (docs/product/leave.md §4).
  'noSuchLeaveType',
  'leaveTypeInactive',
  'halfDayNotAllowed',
  'requestTooLong',
  'genderOnly',
  'serviceNeeded',
  'pastLeavingDate',
  'noWorkingDays',
  'overlaps',
  'balanceShort',
  'balanceShortIncluded',
  'attachmentRequired',
  // Leave administration.
  'includesItself',
  'includedTypeIncludes',
  'alreadyIncluded',
  'typeIsIncluded',
  'staffInactive',
  'holidayExists',
  'ownApprover',
  'noSuchStaff',
  'accountsNotListable',
  'noSuchAccount',
  'emailNotAccount',
  'emailTaken',
  'accountTaken',
  'noSuchDepartment',
  'joinAfterLeaving',
  'approverLoop',
  // Staff movement and acting approvers.
  'chooseDepartment',
  'selfDelegate',
  'delegationInPast',
  'noSuchActiveStaff',
  'delegationOverlaps',
  // Access control (docs/product/access.md §5).
  'protectedDepartment',
  'protectedAccount',
  'superAdminProtected',
  'lastItAdmin',
  'ownAccount',
  'signedInBefore',
  'invitationNotNeeded',
  'accountExists',
  'staffLinkedElsewhere',
  'unlinkNeedsEmail',
  // Creating accounts from a CSV file (docs/product/screens.md §14).
  'csvEmpty',
  'csvHeader',
  'csvMalformed',
  'csvTooManyRows',
  'csvExtraCells',
  'duplicateInFile',
  // Industrial relations (docs/product/ir.md).
  'invalidNric',
  'noSuchMember',
  'memberNoTaken',
  'nricTaken',
  'nricSearchMasked',
  'noSuchCategory',
  'categoryInactive',
  'categoryExists',
  'notAnOfficer',
  'caseClosed',
  'caseNotClosed',
  'tooManyAttachments',
  'alsoInFile',
  // A members file's cells (docs/product/screens.md §12): its own date format, its choices.
  'fileDate',
  'fileDateDayFirst',
  'fileChoice',
  // A date typed right but outside what the case allows (docs/product/ir.md §2).
  'dateAfterToday',
  'beforeCaseOpened',
  // IR admin: a member import with mode "all" refused for its rows' problems.
  'importHasProblems',
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** The figures a reason's text uses: names, counts, and dates as YYYY-MM-DD. */
export type ReasonParams = Record<string, string | number>;

export interface ErrorDetail {
  reason: ErrorReason;
  params: ReasonParams;
}

const isReason = (value: unknown): value is ErrorReason =>
  typeof value === 'string' && (ERROR_REASONS as readonly string[]).includes(value);

/**
 * A custom check's reason, for the options of `.refine`: `.refine(check, { message, ...because('endBeforeStart') })`.
 * Its figures go with it (zod keeps them in the issue's `params`).
 */
export const because = (reason: ErrorReason, params: ReasonParams = {}) => ({ params: { ...params, reason } });

/** The parts of a zod issue (or of the validation error fastify-type-provider-zod makes of it) read here. */
export interface IssueLike {
  code: string;
  input?: unknown;
  origin?: string;
  format?: string;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  params?: Record<string, unknown>;
}

const figure = (value: number | bigint | undefined) => Number(value ?? 0);

/**
 * The reason for a zod issue. With the input (`reportInput`), an empty value is "required"
 * whatever the check it failed; without it, what the check says.
 */
export function issueDetail(issue: IssueLike): ErrorDetail {
  if ('input' in issue && (issue.input === '' || issue.input === undefined || issue.input === null)) {
    return { reason: 'required', params: {} };
  }
  switch (issue.code) {
    case 'custom': {
      const { reason, ...rest } = issue.params ?? {};
      const params: ReasonParams = {};
      for (const [key, value] of Object.entries(rest)) {
        if (typeof value === 'string' || typeof value === 'number') params[key] = value;
      }
      return isReason(reason) ? { reason, params } : { reason: 'invalidValue', params: {} };
    }
    case 'invalid_format':
      if (issue.format === 'date') return { reason: 'invalidDate', params: {} };
      if (issue.format === 'datetime') return { reason: 'invalidDateTime', params: {} };
      if (issue.format === 'email') return { reason: 'invalidEmail', params: {} };
      return { reason: 'invalidFormat', params: {} };
    case 'too_small':
      if (issue.origin === 'string') {
        return figure(issue.minimum) <= 1
          ? { reason: 'required', params: {} }
          : { reason: 'tooShort', params: { minimum: figure(issue.minimum) } };
      }
      return { reason: 'tooSmall', params: { minimum: figure(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { reason: 'tooLong', params: { maximum: figure(issue.maximum) } };
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { reason: 'tooMany', params: { maximum: figure(issue.maximum) } };
      }
      return { reason: 'tooBig', params: { maximum: figure(issue.maximum) } };
    case 'invalid_type':
      return { reason: issue.expected === 'int' ? 'notWhole' : 'invalidValue', params: {} };
    case 'invalid_value':
    case 'invalid_union':
      return { reason: 'invalidChoice', params: {} };
    case 'unrecognized_keys':
      return { reason: 'unknownField', params: {} };
    default:
      return { reason: 'invalidValue', params: {} };
  }
}
