import { z } from 'zod';
import { createAccountInputSchema } from './access-control';
import { departmentsChangeRefusal, type AccessActor } from './access-control-rules';
import { ERROR_REASONS, issueDetail, type ErrorReason, type ReasonParams } from './error-reasons';

/**
 * Creating accounts from a CSV file (docs/product/screens.md §14): the rows as the file gave
 * them, and the check of each row before anything is written. The server's preview
 * (`POST /access-control/accounts/bulk/preview`) runs `checkBulkRows` with the accounts that
 * exist; the web app then creates the rows without a problem one by one through the single
 * create, which judges each again. Reading the file itself is `./access-control-csv`.
 */

/** The most rows one file may hold: a run of single creates the identity provider's quotas bear. */
export const BULK_MAX_ROWS = 500;
/** The columns of the file, in the template's order (the header may order them otherwise, in any case). */
export const BULK_COLUMNS = ['email', 'name', 'departments'] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];
/** Departments within their cell: `HR;UNION` (a comma would need quotes in a CSV file). */
export const BULK_DEPARTMENT_SEPARATOR = ';';

/**
 * The longest cell a row carries to the server. Longer ones are cut to this when the file is
 * read: far beyond what an account may have (254, 100, 20 departments), so still refused.
 */
export const BULK_CELL_MAX: Record<BulkColumn, number> = { email: 1000, name: 1000, departments: 3000 };

/**
 * One row of the file as read, its cells untouched (but cut at `BULK_CELL_MAX`): `line` is its
 * record number in the file with the header as 1 (the row number a spreadsheet shows),
 * `extraCells` how many non-blank cells it has beyond the header's columns (an unquoted comma in
 * a name makes one).
 */
export const bulkRowSchema = z.strictObject({
  line: z.number().int().min(2).max(10_000_000),
  email: z.string().max(BULK_CELL_MAX.email, `must be at most ${BULK_CELL_MAX.email} characters`),
  name: z.string().max(BULK_CELL_MAX.name, `must be at most ${BULK_CELL_MAX.name} characters`),
  departments: z.string().max(BULK_CELL_MAX.departments, `must be at most ${BULK_CELL_MAX.departments} characters`),
  extraCells: z.number().int().min(0).max(10_000).default(0),
});
export type BulkRow = z.input<typeof bulkRowSchema>;

/** `POST /access-control/accounts/bulk/preview`: the file's rows, checked without writing anything. */
export const bulkPreviewInputSchema = z.strictObject({
  rows: z
    .array(bulkRowSchema)
    .min(1, 'a file needs at least one row')
    .max(BULK_MAX_ROWS, `must hold at most ${BULK_MAX_ROWS} rows`),
});
export type BulkPreviewInput = z.input<typeof bulkPreviewInputSchema>;

/** Why a row would not be created: the field (null: the row as a whole), a reason with its figures, and English for developers. */
export const bulkRowProblemSchema = z.object({
  field: z.enum(BULK_COLUMNS).nullable(),
  reason: z.enum(ERROR_REASONS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.string(),
});
export type BulkRowProblem = z.infer<typeof bulkRowProblemSchema>;

/**
 * A row as it would be created: the e-mail trimmed and in lower case, the name trimmed, the
 * departments split, spelled as the organisation spells them and without repeats. It is created
 * only when it has no problem.
 */
export const bulkPreviewRowSchema = z.object({
  line: z.number().int(),
  email: z.string(),
  name: z.string(),
  departments: z.array(z.string()),
  /** The names in the row's departments cell that are no department, as the file spells them. */
  unknownDepartments: z.array(z.string()),
  problems: z.array(bulkRowProblemSchema),
});
export type BulkPreviewRow = z.infer<typeof bulkPreviewRowSchema>;

export const bulkPreviewSchema = z.object({
  rows: z.array(bulkPreviewRowSchema),
  /** How many rows have no problem: the ones that would be created. */
  ready: z.number().int(),
});
export type BulkPreview = z.infer<typeof bulkPreviewSchema>;

export interface BulkCheckContext {
  /** Who creates: HRAdmin may not grant HRAdmin or ITAdmin (docs/product/access.md §5). */
  actor: AccessActor;
  superAdminUserId?: string | undefined;
  /** Every department there is. */
  departments: readonly string[];
  /** The e-mails (in lower case) that already have an account. */
  existingEmails: ReadonlySet<string>;
}

const problem = (
  field: BulkColumn | null,
  reason: ErrorReason,
  message: string,
  params: ReasonParams = {},
): BulkRowProblem => ({ field, reason, params, message });

/** The department cell's names, trimmed, blanks left out. */
export const splitDepartments = (cell: string): string[] =>
  cell
    .split(BULK_DEPARTMENT_SEPARATOR)
    .map((name) => name.trim())
    .filter((name) => name !== '');

/** A name as the organisation spells it: exactly, else the one department equal to it in any case. */
function canonicalDepartment(name: string, departments: readonly string[]): string | undefined {
  if (departments.includes(name)) return name;
  const matches = departments.filter((known) => known.toLowerCase() === name.toLowerCase());
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * Each row's problems, judged as the single create judges an account (its schema, the
 * departments that exist, the departments this actor may grant), and besides: an e-mail that
 * already has an account, or that an earlier row of the file has. Rows keep the file's order.
 */
export function checkBulkRows(rows: readonly BulkRow[], context: BulkCheckContext): BulkPreviewRow[] {
  const firstLineOf = new Map<string, number>();
  return rows.map((row) => {
    const problems: BulkRowProblem[] = [];
    if ((row.extraCells ?? 0) > 0) {
      problems.push(
        problem(null, 'csvExtraCells', 'This row has more cells than the header: quote a value with a comma.', {
          cells: row.extraCells ?? 0,
        }),
      );
    }

    const departments: string[] = [];
    const unknownDepartments: string[] = [];
    for (const name of splitDepartments(row.departments)) {
      const known = canonicalDepartment(name, context.departments);
      if (known === undefined) {
        if (!problems.some((p) => p.field === 'departments')) {
          problems.push(problem('departments', 'noSuchDepartment', `There is no department ${name}.`, { code: name }));
        }
        if (!unknownDepartments.includes(name)) unknownDepartments.push(name);
      } else if (!departments.includes(known)) {
        departments.push(known);
      }
    }

    const parsed = createAccountInputSchema.safeParse(
      { email: row.email, name: row.name, departments },
      { reportInput: true },
    );
    const email = parsed.success ? parsed.data.email : row.email.trim().toLowerCase();
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as BulkColumn;
        if (problems.some((p) => p.field === field)) continue;
        const { reason, params } = issueDetail(issue);
        problems.push(problem(field, reason, `${field}: ${issue.message}`, params));
      }
    }

    if (!problems.some((p) => p.field === 'departments')) {
      const refusal = departmentsChangeRefusal(
        context.actor,
        { id: '', departments: [], enabled: true, signedInOnce: false },
        departments,
        { superAdminUserId: context.superAdminUserId, enabledItAdmins: Number.POSITIVE_INFINITY },
      );
      if (refusal) problems.push(problem('departments', refusal.reason, refusal.message, refusal.params));
    }

    if (!problems.some((p) => p.field === 'email')) {
      const first = firstLineOf.get(email);
      if (first !== undefined) {
        problems.push(problem('email', 'duplicateInFile', `This e-mail is already on line ${first}.`, { line: first }));
      } else {
        firstLineOf.set(email, row.line);
        if (context.existingEmails.has(email)) {
          problems.push(
            problem('email', 'accountExists', `There is already an account with the e-mail ${email}.`, { email }),
          );
        }
      }
    }

    return { line: row.line, email, name: row.name.trim(), departments, unknownDepartments, problems };
  });
}
