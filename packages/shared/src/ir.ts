import { z } from 'zod';
import { because } from './error-reasons';
import {
  CASE_NO,
  MEMBER_NO,
  MEMBER_STATUSES,
  normaliseMemberNo,
  normaliseNric,
  nricSearchDigits,
  parseCaseNo,
} from './ir-rules';
import { genderSchema } from './leave';

/**
 * The industrial-relations contract shared by the server and the web app (docs/product/ir.md,
 * docs/product/screens.md §10–§12): members, grievance cases and their actions, categories and
 * officers. Paths are under `/api/ir`. Everyone of the IR guard (ITAdmin, IRAdmin, IR) may call
 * them; categories, reassigning, reopening and imports need IRAdmin.
 */

const isoDate = z.iso.date({ message: 'must be a date (YYYY-MM-DD)' });
const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const requiredText = (max: number) => text(max).min(1, 'is required');
const order = z.enum(['asc', 'desc']);
const page = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(25);

/**
 * A page of a search over many rows: no total (counting a million rows on every keystroke costs
 * more than the search; the count is asked for apart, capped: searchCountSchema); `hasMore` says
 * whether a next page exists.
 */
export function searchPageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), page: z.number().int(), pageSize: z.number().int(), hasMore: z.boolean() });
}

/**
 * How many a search finds, asked for apart from its pages (`GET /ir/members/count`,
 * `GET /ir/grievances/count`), so that a page never waits for a count (docs/product/screens.md §10,
 * §11): counted up to SEARCH_COUNT_CAP, past which `more` says there are more.
 */
export const SEARCH_COUNT_CAP = 1000;
export const searchCountSchema = z.object({ count: z.number().int(), more: z.boolean() });
export type SearchCount = z.infer<typeof searchCountSchema>;

// Members --------------------------------------------------------------------------------------

export const memberStatusSchema = z.enum(MEMBER_STATUSES);

export const memberNoSchema = z
  .string()
  .transform(normaliseMemberNo)
  .pipe(z.string().regex(MEMBER_NO, 'must be a member no (letters, digits and dashes, at most 20)'));

/** An NRIC as typed, with or without dashes; the twelve digits after. */
export const nricSchema = z
  .string()
  .trim()
  .transform((value, context) => {
    const digits = normaliseNric(value);
    if (digits === null) {
      context.addIssue({
        code: 'custom',
        message: 'must be an NRIC of 12 digits starting with a date of birth (YYMMDD-PB-####)',
        ...because('invalidNric'),
      });
      return z.NEVER;
    }
    return digits;
  });

export const memberParamsSchema = z.object({ memberNo: memberNoSchema });

export const MEMBER_SORTS = ['name', 'memberNo', 'joinDate', 'employer', 'branch'] as const;

/**
 * `GET /ir/members`: one search box over name (partial words, any case or accents), member no and
 * NRIC (with or without dashes), plus filters; paged and sorted on the server. With search text
 * and no sort asked for, the best matches come first.
 */
export const memberSearchQuerySchema = z.object({
  q: text(100).optional(),
  employer: text(120).optional(),
  branch: text(120).optional(),
  status: memberStatusSchema.optional(),
  sort: z.enum(MEMBER_SORTS).optional(),
  order: order.default('asc'),
  page,
  pageSize,
});
export type MemberSearchQuery = z.input<typeof memberSearchQuerySchema>;
/** `GET /ir/members/count`: the search's text and filters, without its order and page. */
export const memberCountQuerySchema = memberSearchQuerySchema.pick({
  q: true,
  employer: true,
  branch: true,
  status: true,
});
export type MemberCountQuery = z.input<typeof memberCountQuerySchema>;
/** What the search looks for in `q`: the NRIC digits, when the text could be part of one. */
export const searchNricDigits = nricSearchDigits;

/** A member as the lookup lists them. `nric` is formatted, and masked for those who may not see it. */
export const memberSummarySchema = z.object({
  memberNo: z.string(),
  name: z.string(),
  nric: z.string(),
  employer: z.string(),
  branch: z.string(),
  status: memberStatusSchema,
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;
export const memberSearchPageSchema = searchPageOf(memberSummarySchema);
export type MemberSearchPage = z.infer<typeof memberSearchPageSchema>;

export const memberSchema = memberSummarySchema.extend({
  /** Whether `nric` is masked for this caller (docs/product/ir.md §1); `POST .../nric` reveals it. */
  nricMasked: z.boolean(),
  gender: genderSchema,
  /** Null where `nric` is masked: the NRIC starts with it (docs/product/ir.md §1); the reveal gives both. */
  dateOfBirth: z.string().nullable(),
  position: z.string(),
  joinDate: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  updatedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/** `GET /ir/members/{memberNo}`: the member and their grievance cases, newest first. */
export const memberDetailSchema = z.object({
  member: memberSchema,
  cases: z.array(z.lazy(() => caseSummarySchema)),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

/** `POST /ir/members/{memberNo}/nric`: the NRIC in full and the date of birth, for one who sees them masked; audited. */
export const revealedNricSchema = z.object({ nric: z.string(), dateOfBirth: z.string() });
export type RevealedNric = z.infer<typeof revealedNricSchema>;

/** `GET /ir/members/options`: the employers and branches to filter by. */
export const memberOptionsSchema = z.object({ employers: z.array(z.string()), branches: z.array(z.string()) });
export type MemberOptions = z.infer<typeof memberOptionsSchema>;

/** One member's fields, as the CSV import and the demo data give them (docs/product/ir.md §1). */
export const memberInputSchema = z.strictObject({
  memberNo: memberNoSchema,
  name: requiredText(150),
  nric: nricSchema,
  gender: genderSchema,
  dateOfBirth: isoDate,
  employer: requiredText(120),
  branch: requiredText(120),
  position: text(120).default(''),
  status: memberStatusSchema.default('active'),
  joinDate: isoDate,
  phone: text(30).optional(),
  email: z.union([z.literal(''), z.email({ message: 'must be an e-mail address' })]).optional(),
  address: text(500).optional(),
});
export type MemberInput = z.input<typeof memberInputSchema>;

// Grievance cases -------------------------------------------------------------------------------

export const contactMethodSchema = z.coerce
  .number()
  .int()
  .min(0, 'must be a contact method (0–3)')
  .max(3, 'must be a contact method (0–3)');
export const caseStatusSchema = z.coerce.number().int().min(0, 'must be 0 or 1').max(1, 'must be 0 or 1');

export const caseNoSchema = z
  .string()
  .transform((value) => value.trim().toUpperCase())
  .pipe(z.string().regex(CASE_NO, 'must be a case no (GRV, the year, then at least five digits)'));
export const caseParamsSchema = z.object({ caseNo: caseNoSchema });
export const parseCaseNumber = parseCaseNo;

export const CASE_SORTS = ['caseNo', 'openedOn', 'closedOn', 'status', 'memberName'] as const;

interface DateRanges {
  openedFrom?: string;
  openedTo?: string;
  closedFrom?: string;
  closedTo?: string;
}
/** A range's end may not come before its start. */
function checkRanges(query: DateRanges, context: z.RefinementCtx) {
  for (const [from, to] of [
    ['openedFrom', 'openedTo'],
    ['closedFrom', 'closedTo'],
  ] as const) {
    const start = query[from];
    const end = query[to];
    if (start && end && end < start) {
      context.addIssue({
        code: 'custom',
        message: 'must not be before the start of the range',
        path: [to],
        ...because('endBeforeStart'),
      });
    }
  }
}

const caseFilters = {
  /** A case no, whole or its start (GRV2026…). */
  caseNo: text(20).optional(),
  /** The member: name, member no or NRIC, as in the member lookup. */
  member: text(100).optional(),
  status: caseStatusSchema.optional(),
  /** The officer's account id (`sub`). */
  officer: z.guid({ message: 'must be an account id' }).optional(),
  category: z.guid({ message: 'must be a category id' }).optional(),
  contactMethod: contactMethodSchema.optional(),
  openedFrom: isoDate.optional(),
  openedTo: isoDate.optional(),
  closedFrom: isoDate.optional(),
  closedTo: isoDate.optional(),
  /** Free text over subject, description and the actions' texts (full-text search). */
  q: text(200).optional(),
};

/** `GET /ir/grievances`: cases by any of the filters, paged and sorted (newest first by default). */
export const caseSearchQuerySchema = z
  .object({
    ...caseFilters,
    sort: z.enum(CASE_SORTS).default('openedOn'),
    order: order.default('desc'),
    page,
    pageSize,
  })
  .superRefine(checkRanges);
export type CaseSearchQuery = z.input<typeof caseSearchQuerySchema>;

/** `GET /ir/grievances/count`: the search's filters, without its order and page. */
export const caseCountQuerySchema = z.object(caseFilters).superRefine(checkRanges);
export type CaseCountQuery = z.input<typeof caseCountQuerySchema>;

/** `GET /ir/grievances/export.csv`: the same filters and order, every matching case, streamed. */
export const caseExportQuerySchema = z
  .object({ ...caseFilters, sort: z.enum(CASE_SORTS).default('openedOn'), order: order.default('desc') })
  .superRefine(checkRanges);

export const caseSummarySchema = z.object({
  caseNo: z.string(),
  memberNo: z.string(),
  memberName: z.string(),
  subject: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  contactMethod: z.number().int(),
  status: z.number().int(),
  officerId: z.string().nullable(),
  officerName: z.string().nullable(),
  openedOn: z.string(),
  closedOn: z.string().nullable(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;
export const caseSearchPageSchema = searchPageOf(caseSummarySchema);
export type CaseSearchPage = z.infer<typeof caseSearchPageSchema>;

export const caseAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type CaseAttachment = z.infer<typeof caseAttachmentSchema>;

export const caseActionSchema = z.object({
  id: z.string(),
  type: z.number().int(),
  date: z.string(),
  text: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  attachments: z.array(caseAttachmentSchema),
});
export type CaseAction = z.infer<typeof caseActionSchema>;

export const CASE_EVENT_KINDS = ['closed', 'reopened', 'reassigned'] as const;
const eventBase = {
  id: z.string(),
  /** A closing's date as given; for the others, the day it was done. */
  date: z.string(),
  actorId: z.string(),
  actorName: z.string(),
  createdAt: z.string(),
};
/**
 * What happened to a case beside its actions (docs/product/ir.md §3): a closing with its outcome,
 * a reopening with its reason, a change of officer. Never changed once written.
 */
export const caseEventSchema = z.discriminatedUnion('kind', [
  z.object({ ...eventBase, kind: z.literal('closed'), outcome: z.string() }),
  z.object({ ...eventBase, kind: z.literal('reopened'), reason: z.string() }),
  z.object({
    ...eventBase,
    kind: z.literal('reassigned'),
    fromOfficerId: z.string().nullable(),
    fromOfficerName: z.string().nullable(),
    toOfficerId: z.string(),
    toOfficerName: z.string(),
  }),
]);
export type CaseEvent = z.infer<typeof caseEventSchema>;

/**
 * `GET /ir/grievances/{caseNo}`: the case as it is now, its actions and its events (each oldest
 * first; the timeline shows them together by `createdAt`), and what the caller may do.
 */
export const caseDetailSchema = z.object({
  case: caseSummarySchema.extend({
    description: z.string(),
    outcome: z.string().nullable(),
    openedById: z.string(),
    openedByName: z.string(),
    updatedAt: z.string(),
  }),
  actions: z.array(caseActionSchema),
  events: z.array(caseEventSchema),
  /** IRAdmin: reassign the officer and reopen a closed case. */
  canAdminister: z.boolean(),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

/**
 * `POST /ir/grievances`: open a case for a member; its description is also the text of its
 * Initial Case Fact action. The officer is the caller unless another is named (IRAdmin only).
 */
export const openCaseInputSchema = z.strictObject({
  memberNo: memberNoSchema,
  subject: requiredText(200),
  categoryId: z.guid({ message: 'must be a category id' }),
  description: requiredText(10_000),
  contactMethod: contactMethodSchema,
  officerId: z.guid({ message: 'must be an account id' }).optional(),
  openedOn: isoDate.optional(),
});
export type OpenCaseInput = z.input<typeof openCaseInputSchema>;

/**
 * `POST /ir/grievances/{caseNo}/actions`: JSON, or multipart with the same fields and up to five
 * `attachments` files (PDF, JPEG, PNG, each at most the attachment size limit, checked by content).
 * An action is Action By Officer, Branch or Member; only opening writes the Initial Case Fact.
 */
export const addActionInputSchema = z.strictObject({
  type: z.coerce
    .number()
    .int()
    .min(1, 'must be an action type of 1 to 3; only opening a case writes type 0')
    .max(3, 'must be an action type of 1 to 3'),
  date: isoDate,
  text: requiredText(10_000),
});
export type AddActionInput = z.input<typeof addActionInputSchema>;
export const MAX_ACTION_ATTACHMENTS = 5;

/** `POST /ir/grievances/{caseNo}/close`: close a pending case with its outcome. */
export const closeCaseInputSchema = z.strictObject({ outcome: requiredText(5_000), closedOn: isoDate.optional() });
export type CloseCaseInput = z.input<typeof closeCaseInputSchema>;

/** `POST /ir/grievances/{caseNo}/reopen` (IRAdmin): why a closed case is pending again. */
export const reopenCaseInputSchema = z.strictObject({ reason: requiredText(2_000) });
export type ReopenCaseInput = z.input<typeof reopenCaseInputSchema>;

/** `PUT /ir/grievances/{caseNo}/officer` (IRAdmin): the officer in charge; they are told by e-mail. */
export const assignOfficerInputSchema = z.strictObject({ officerId: z.guid({ message: 'must be an account id' }) });
export type AssignOfficerInput = z.input<typeof assignOfficerInputSchema>;

// Categories and officers -------------------------------------------------------------------------

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  caseCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

/** `GET /ir/categories`: every category, active ones first; a new case takes an active one. */
export const categoryListSchema = z.array(categorySchema);

/** `POST /ir/admin/categories` (IRAdmin). */
export const createCategoryInputSchema = z.strictObject({ name: requiredText(80) });
export const categoryParamsSchema = z.object({ id: z.guid({ message: 'must be a category id' }) });
/** `PATCH /ir/admin/categories/{id}` (IRAdmin): rename, deactivate or activate; never delete. */
export const updateCategoryInputSchema = z
  .strictObject({ name: requiredText(80).optional(), active: z.boolean().optional() })
  .refine((input) => input.name !== undefined || input.active !== undefined, {
    message: 'must change the name or whether it is active',
    ...because('required'),
  });
export type UpdateCategoryInput = z.input<typeof updateCategoryInputSchema>;

/** An account of the IR departments, who can be in charge of cases. */
export const officerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  openCases: z.number().int(),
});
export type Officer = z.infer<typeof officerSchema>;
/** `GET /ir/officers`: the accounts of the IR and IRAdmin departments, by name. */
export const officerListSchema = z.array(officerSchema);
