import type { BulkColumn, BulkPreviewRow } from '@staff-portal/shared/access-control-bulk';
import { writeCsv } from '@staff-portal/shared/access-control-csv';
import type { CreateAccountInput } from '@staff-portal/shared/access-control';
import type { ErrorDetail } from '@staff-portal/shared/error-reasons';
import { AppError, isAppError } from '@staff-portal/shared/errors';

/**
 * Creating the previewed rows of a CSV file one by one through the single create
 * (docs/product/screens.md §14), and the report of what was and was not created.
 */

/** Why a row was not created, worded later in the user's language (`errorText`). */
export interface RowError {
  message: string;
  detail?: ErrorDetail | undefined;
  /** The file's column the problem is in, when the preview found it there. */
  column?: BulkColumn | null | undefined;
}

export type BulkOutcomeKind = 'created' | 'failed' | 'skipped' | 'notAttempted';

export interface BulkOutcome {
  row: BulkPreviewRow;
  outcome: BulkOutcomeKind;
  /** A failed row: the API's refusal. A skipped row: its problems in the preview. */
  errors: RowError[];
}

/** The rows the preview found a problem with: they are not sent. */
export const skippedOutcomes = (rows: readonly BulkPreviewRow[]): BulkOutcome[] =>
  rows.map((row) => ({
    row,
    outcome: row.problems.length === 0 ? 'notAttempted' : 'skipped',
    errors: row.problems.map((problem) => ({
      message: problem.message,
      detail: { reason: problem.reason, params: problem.params },
      column: problem.field,
    })),
  }));

/**
 * A refusal of this row (bad input 400, a rule 403, an e-mail taken meanwhile 409): the next
 * rows may still go. The server's limit of changes a minute per user (429) is waited out and
 * the row sent again. Anything else (no network, the session gone, the identity service down)
 * would fail them all the same, so the run stops there.
 */
const isAboutTheRow = (error: AppError) => [400, 403, 404, 409].includes(error.status);

/** How long a run waits when the server says it has had enough changes for now (its window is a minute). */
export const RATE_LIMIT_PAUSE_MS = 15_000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface BulkRunOptions {
  rows: readonly BulkPreviewRow[];
  create: (input: CreateAccountInput) => Promise<unknown>;
  /** Told when the run waits out the server's rate limit (true) and goes on (false). */
  onPause?: (paused: boolean) => void;
  /** Waits `ms` (a test passes its own). */
  wait?: (ms: number) => Promise<void>;
  /** Asked before each row: true once the user chose to stop. */
  stopRequested: () => boolean;
  /** After each row: the outcomes so far, every row of the file in its order. */
  onProgress: (outcomes: BulkOutcome[], done: number) => void;
}

export interface BulkRunResult {
  outcomes: BulkOutcome[];
  /** Why the run stopped before its end: the user, or an error that would fail every row after it. */
  stoppedBy: 'user' | RowError | null;
}

/** Creates the ready rows one after the other; a row's failure is recorded and, if it is about the row only, passed over. */
export async function runBulkCreate({
  rows,
  create,
  stopRequested,
  onProgress,
  onPause = () => undefined,
  wait = pause,
}: BulkRunOptions): Promise<BulkRunResult> {
  const outcomes = skippedOutcomes(rows);
  let done = 0;
  for (const [index, row] of rows.entries()) {
    if (row.problems.length > 0) continue;
    if (stopRequested()) return { outcomes, stoppedBy: 'user' };
    try {
      for (;;) {
        try {
          await create({ email: row.email, name: row.name, departments: row.departments });
          break;
        } catch (error) {
          if (!(isAppError(error) && error.code === 'RATE_LIMITED')) throw error;
          onPause(true);
          await wait(RATE_LIMIT_PAUSE_MS);
          onPause(false);
          if (stopRequested()) return { outcomes, stoppedBy: 'user' };
        }
      }
      outcomes[index] = { row, outcome: 'created', errors: [] };
    } catch (error) {
      const appError = isAppError(error) ? error : new AppError('INTERNAL_ERROR', String(error));
      // The e-mail a refusal names (an account that exists by now) is this row's, if the answer leaves it out.
      const detail = appError.detail && { ...appError.detail, params: { email: row.email, ...appError.detail.params } };
      const rowError: RowError = { message: appError.message, detail };
      outcomes[index] = { row, outcome: 'failed', errors: [rowError] };
      if (!isAboutTheRow(appError)) {
        onProgress([...outcomes], done + 1);
        return { outcomes, stoppedBy: rowError };
      }
    }
    onProgress([...outcomes], ++done);
  }
  return { outcomes, stoppedBy: null };
}

export const REPORT_COLUMNS = ['line', 'email', 'name', 'departments', 'outcome', 'reason'] as const;

/** The report as a CSV file: every row of the file, its outcome and why, in the columns above. */
export function reportCsv(outcomes: readonly BulkOutcome[], reasonOf: (outcome: BulkOutcome) => string): string {
  return writeCsv(
    REPORT_COLUMNS,
    outcomes.map((outcome) => [
      outcome.row.line,
      outcome.row.email,
      outcome.row.name,
      [...outcome.row.departments, ...outcome.row.unknownDepartments].join(';'),
      outcome.outcome,
      reasonOf(outcome),
    ]),
  );
}
