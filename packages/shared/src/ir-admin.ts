import Papa from 'papaparse';
import { z } from 'zod';
import { ERROR_REASONS, issueDetail, type ErrorDetail } from './error-reasons';
import { memberInputSchema } from './ir';
import { AGEING_BUCKETS, type AgeingBucket } from './ir-rules';
import { csvLine, unguardCell } from './spreadsheet-cells';

/**
 * The IR admin contract (docs/product/screens.md §12, decision record 0045): workload and ageing
 * of open cases, and members in and out as CSV. Paths are under `/api/ir/admin`. The IR guard
 * (ITAdmin, IRAdmin, IR) may read the workload and export members; the import needs IRAdmin.
 * Categories stay the IR module's (`/api/ir/categories`, `/api/ir/admin/categories`).
 */

// Workload and ageing ----------------------------------------------------------------------------

export const ageingCountsSchema = z.object({
  '0-30': z.number().int(),
  '31-60': z.number().int(),
  '61-90': z.number().int(),
  '90+': z.number().int(),
});
export type AgeingCounts = Record<AgeingBucket, number>;

export const officerWorkloadSchema = z.object({
  /** The account id (`sub`) the cases name. */
  id: z.string(),
  name: z.string(),
  open: z.number().int(),
  ageing: ageingCountsSchema,
});
export type OfficerWorkload = z.infer<typeof officerWorkloadSchema>;

/**
 * `GET /ir/admin/workload`: each officer of the IR departments (those with no open case too, and
 * anyone still named on an open case) with their open cases by age, and the open cases no
 * officer has.
 */
export const workloadSchema = z.object({
  officers: z.array(officerWorkloadSchema),
  unassigned: z.object({ open: z.number().int(), ageing: ageingCountsSchema }),
  /** The day the ages are counted to, in the organisation's time zone. */
  asOf: z.string(),
});
export type Workload = z.infer<typeof workloadSchema>;

export const emptyAgeing = (): AgeingCounts =>
  Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, 0])) as AgeingCounts;

// Members as CSV ------------------------------------------------------------------------------------

/** The columns of a members file, in the order the export writes them; the import takes any order. */
export const MEMBER_CSV_COLUMNS = [
  'memberNo',
  'name',
  'nric',
  'gender',
  'dateOfBirth',
  'employer',
  'branch',
  'position',
  'status',
  'joinDate',
  'phone',
  'email',
  'address',
] as const satisfies readonly (keyof z.input<typeof memberInputSchema>)[];
export type MemberCsvColumn = (typeof MEMBER_CSV_COLUMNS)[number];

/** A byte-order mark: at the start of a file it says UTF-8; inside a cell it is a mistake. */
const BOM = '\uFEFF';

/** The most rows one import takes: the largest file a union branch sends, with room. */
export const MEMBER_IMPORT_MAX_ROWS = 200_000;
/** A cell longer than this is cut: no member field is near it, and it bounds the upload. */
const CELL_MAX = 600;

/** A data row of the file: its line (1 is the header) and its cells in MEMBER_CSV_COLUMNS order. */
export const memberCsvRowSchema = z.object({
  line: z.number().int().min(2),
  cells: z.array(z.string().max(CELL_MAX)).length(MEMBER_CSV_COLUMNS.length),
});
export type MemberCsvRow = z.infer<typeof memberCsvRowSchema>;

const rowsSchema = z.array(memberCsvRowSchema).min(1, 'is required').max(MEMBER_IMPORT_MAX_ROWS, 'too many rows');

/** `POST /ir/admin/members/import/preview` (IRAdmin): check every row, write nothing. */
export const memberImportPreviewInputSchema = z.strictObject({ rows: rowsSchema });

/** `valid`: import the rows without problems; `all`: nothing unless every row is valid. */
export const IMPORT_MODES = ['valid', 'all'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
/** `POST /ir/admin/members/import` (IRAdmin): answers NDJSON lines (`importLineSchema`). */
export const memberImportInputSchema = z.strictObject({ mode: z.enum(IMPORT_MODES), rows: rowsSchema });
export type MemberImportInput = z.infer<typeof memberImportInputSchema>;

/** One problem of one row: the file's line, the column (or `row`), and what is wrong. */
export const rowProblemSchema = z.object({
  line: z.number().int(),
  field: z.string(),
  /** In English, for the report; the page words `reason` in the user's language. */
  message: z.string(),
  reason: z.enum(ERROR_REASONS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type RowProblem = z.infer<typeof rowProblemSchema>;

/**
 * Text of a cell that looks wrongly encoded (docs/product/screens.md §12): `unreadable`, bytes the
 * reader could not read as UTF-8 (a Windows-1252 file read as UTF-8, `Jos\uFFFD`);
 * `readAsWindows1252`, UTF-8 read as Windows-1252 somewhere on its way (`JosÃ©`); `byteOrderMark`,
 * an invisible byte-order mark inside a cell. The text is shown with the mark taken off.
 */
export const ENCODING_WARNING_KINDS = ['unreadable', 'readAsWindows1252', 'byteOrderMark'] as const;
export const encodingWarningSchema = z.object({
  line: z.number().int(),
  field: z.string(),
  kind: z.enum(ENCODING_WARNING_KINDS),
  text: z.string(),
});
export type EncodingWarning = z.infer<typeof encodingWarningSchema>;

export const memberImportPreviewSchema = z.object({
  total: z.number().int(),
  /** Rows without a problem: `creates` new members and `updates` of existing ones. */
  valid: z.number().int(),
  creates: z.number().int(),
  updates: z.number().int(),
  /** The lines whose member no already exists: importing them updates that member. */
  updateLines: z.array(z.number().int()),
  problems: z.array(rowProblemSchema),
  /** Cells whose text looks wrongly encoded: a warning, not a problem (the rows are still valid). */
  encodingWarnings: z.array(encodingWarningSchema),
});
export type MemberImportPreview = z.infer<typeof memberImportPreviewSchema>;

/** The import's answer, one JSON object a line: progress as it goes, then its end. */
export const importLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), done: z.number().int(), total: z.number().int() }),
  z.object({
    type: z.literal('done'),
    created: z.number().int(),
    updated: z.number().int(),
    refused: z.number().int(),
    problems: z.array(rowProblemSchema),
  }),
  z.object({ type: z.literal('failed'), message: z.string() }),
]);
export type ImportLine = z.infer<typeof importLineSchema>;

export type MemberInputOutput = z.output<typeof memberInputSchema>;
export interface CheckedRows {
  valid: { line: number; member: MemberInputOutput }[];
  problems: RowProblem[];
}

/**
 * The codes of a members file's choices, and the labels the screens show for them in English and
 * Bahasa Malaysia (locales/{en,ms}/ir.ts), which a file may hold instead, in any case
 * (docs/product/screens.md §12).
 */
export const MEMBER_FILE_CHOICES = {
  gender: { F: ['female', 'perempuan'], M: ['male', 'lelaki'] },
  status: {
    active: ['aktif'],
    lapsed: ['luput'],
    resigned: ['berhenti'],
    deceased: ['meninggal dunia'],
  },
} as const satisfies Record<'gender' | 'status', Record<string, readonly string[]>>;
type ChoiceColumn = keyof typeof MEMBER_FILE_CHOICES;
const isChoiceColumn = (column: string): column is ChoiceColumn => column in MEMBER_FILE_CHOICES;

/** A choice's code for a cell holding the code or a screen's label; the cell as it is otherwise. */
function choiceOf(column: ChoiceColumn, cell: string): string {
  const wanted = cell.trim().toLowerCase();
  for (const [code, labels] of Object.entries(MEMBER_FILE_CHOICES[column])) {
    if (code.toLowerCase() === wanted || (labels as readonly string[]).includes(wanted)) return code;
  }
  return cell;
}

/** The fields of a row as memberInputSchema takes them: blank optional cells left out, labels as codes. */
function fieldsOf(cells: readonly string[]) {
  const fields: Record<string, string> = {};
  MEMBER_CSV_COLUMNS.forEach((column, index) => {
    const value = cells[index] ?? '';
    if (value.trim() !== '' || !['position', 'status', 'phone', 'email', 'address'].includes(column)) {
      fields[column] = isChoiceColumn(column) ? choiceOf(column, value) : value;
    }
  });
  return fields;
}

const DATE_COLUMNS: readonly string[] = ['dateOfBirth', 'joinDate'];
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/**
 * A problem as a file's reader can act on it (docs/product/screens.md §12): a date is asked for
 * in the file's own format, YYYY-MM-DD, as the export writes it (and a date written day first is
 * named as it would be); a choice names the values accepted.
 */
function fileDetail(field: string, cell: string, detail: ErrorDetail): ErrorDetail {
  if (DATE_COLUMNS.includes(field) && detail.reason === 'invalidDate') {
    const dayFirst = DAY_FIRST.exec(cell.trim());
    if (dayFirst) {
      const iso = `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}`;
      if (z.iso.date().safeParse(iso).success) return { reason: 'fileDateDayFirst', params: { iso } };
    }
    return { reason: 'fileDate', params: {} };
  }
  if (isChoiceColumn(field) && detail.reason === 'invalidChoice') {
    return { reason: 'fileChoice', params: { values: Object.keys(MEMBER_FILE_CHOICES[field]).join(', ') } };
  }
  return detail;
}

/**
 * Each row judged as one member's input (memberInputSchema), and against the rows above it: a
 * member no or an NRIC twice in the file refuses the later row. The database's members are the
 * server's to judge (an NRIC of another member).
 */
export function checkMemberRows(rows: readonly MemberCsvRow[]): CheckedRows {
  const valid: CheckedRows['valid'] = [];
  const problems: RowProblem[] = [];
  const memberNos = new Map<string, number>();
  const nrics = new Map<string, number>();
  for (const row of rows) {
    const parsed = memberInputSchema.safeParse(fieldsOf(row.cells));
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        if (seen.has(field)) continue;
        seen.add(field);
        const cell = row.cells[MEMBER_CSV_COLUMNS.indexOf(field as MemberCsvColumn)] ?? '';
        problems.push({
          line: row.line,
          field,
          message: issue.message,
          ...fileDetail(field, cell, issueDetail(issue)),
        });
      }
      continue;
    }
    const member = parsed.data;
    const sameNo = memberNos.get(member.memberNo);
    const sameNric = nrics.get(member.nric);
    if (sameNo !== undefined) {
      problems.push({
        line: row.line,
        field: 'memberNo',
        message: `is also on line ${sameNo}`,
        reason: 'alsoInFile',
        params: { line: sameNo },
      });
    }
    if (sameNric !== undefined) {
      problems.push({
        line: row.line,
        field: 'nric',
        message: `is also on line ${sameNric}`,
        reason: 'alsoInFile',
        params: { line: sameNric },
      });
    }
    if (sameNo !== undefined || sameNric !== undefined) continue;
    memberNos.set(member.memberNo, row.line);
    nrics.set(member.nric, row.line);
    valid.push({ line: row.line, member });
  }
  return { valid, problems };
}

/**
 * A UTF-8 sequence of two or three bytes read as Windows-1252: its lead byte as `Â`, `Ã` or `â`,
 * then a continuation byte (0x80–0xBF), which Windows-1252 shows as one of these.
 */
const CONTINUATION =
  '\u0080-\u00BF\u0152\u0153\u0160\u0161\u0178\u017D\u017E\u0192\u02C6\u02DC\u2013\u2014\u2018-\u201A\u201C-\u201E\u2020-\u2022\u2026\u2030\u2039\u203A\u20AC\u2122';
const READ_AS_WINDOWS_1252 = new RegExp(`[\u00C2\u00C3][${CONTINUATION}]|\u00E2[${CONTINUATION}]{2}`);
/** At most this many warnings are listed; a wrongly read file has one in nearly every row. */
const MAX_ENCODING_WARNINGS = 200;

/** The cells of the rows whose text looks wrongly encoded (encodingWarningSchema), in file order. */
export function encodingWarnings(rows: readonly MemberCsvRow[]): EncodingWarning[] {
  const warnings: EncodingWarning[] = [];
  for (const row of rows) {
    row.cells.forEach((cell, index) => {
      const kind = cell.includes('\uFFFD')
        ? 'unreadable'
        : READ_AS_WINDOWS_1252.test(cell)
          ? 'readAsWindows1252'
          : cell.includes(BOM)
            ? 'byteOrderMark'
            : null;
      if (kind !== null && warnings.length < MAX_ENCODING_WARNINGS) {
        warnings.push({ line: row.line, field: MEMBER_CSV_COLUMNS[index]!, kind, text: cell.replaceAll(BOM, '') });
      }
    });
  }
  return warnings;
}

// Reading and writing the file ----------------------------------------------------------------------

export type MemberCsvProblem =
  | { kind: 'empty' }
  | { kind: 'header'; missing: MemberCsvColumn[] }
  | { kind: 'malformed'; line: number }
  | { kind: 'tooManyRows'; maximum: number };
export type MemberCsv = { ok: true; rows: MemberCsvRow[] } | { ok: false; problem: MemberCsvProblem };

/** The encodings a members file may be read in: UTF-8 (the export's), or Windows-1252 (Excel's "CSV" on Windows). */
export const MEMBER_FILE_ENCODINGS = ['utf-8', 'windows-1252'] as const;
export type MemberFileEncoding = (typeof MEMBER_FILE_ENCODINGS)[number];

/**
 * Reads a members file with Papa Parse, row by row (`step`), so a large File is streamed from
 * disk rather than read whole: a header naming every column (any order, any case), then one
 * member a row. Blank rows are left out. `onRows` hears how many rows are read so far. A File is
 * read as UTF-8 unless `encoding` says otherwise (docs/product/screens.md §12).
 */
export function readMemberCsv(
  input: string | Blob,
  onRows?: (rows: number) => void,
  encoding: MemberFileEncoding = 'utf-8',
): Promise<MemberCsv> {
  const lower = MEMBER_CSV_COLUMNS.map((column) => column.toLowerCase());
  return new Promise((resolve) => {
    const rows: MemberCsvRow[] = [];
    let columns: number[] | null = null;
    let line = 0;
    let settled = false;
    const finish = (result: MemberCsv, parser?: Papa.Parser) => {
      if (settled) return;
      settled = true;
      parser?.abort();
      resolve(result);
    };
    const text = typeof input === 'string' && input.startsWith(BOM) ? input.slice(1) : input;
    Papa.parse<string[]>(text as string, {
      delimiter: ',',
      encoding,
      skipEmptyLines: false,
      step: (result, parser) => {
        if (settled) return;
        line += 1;
        if (result.errors.some((error) => error.type === 'Quotes')) {
          finish({ ok: false, problem: { kind: 'malformed', line } }, parser);
          return;
        }
        const cells = result.data;
        if (cells.every((cell) => cell.trim() === '')) return;
        if (columns === null) {
          const header = cells.map((cell, index) => (index === 0 ? cell.replace(BOM, '') : cell).trim().toLowerCase());
          columns = lower.map((name) => header.indexOf(name));
          const missing = MEMBER_CSV_COLUMNS.filter((_, index) => columns![index] === -1);
          if (missing.length > 0) finish({ ok: false, problem: { kind: 'header', missing } }, parser);
          return;
        }
        if (rows.length === MEMBER_IMPORT_MAX_ROWS) {
          finish({ ok: false, problem: { kind: 'tooManyRows', maximum: MEMBER_IMPORT_MAX_ROWS } }, parser);
          return;
        }
        rows.push({ line, cells: columns.map((at) => unguardCell(cells[at] ?? '').slice(0, CELL_MAX)) });
        if (rows.length % 5000 === 0) onRows?.(rows.length);
      },
      complete: () => {
        if (columns === null) finish({ ok: false, problem: { kind: 'empty' } });
        else if (rows.length === 0) finish({ ok: false, problem: { kind: 'empty' } });
        else {
          onRows?.(rows.length);
          finish({ ok: true, rows });
        }
      },
    });
  });
}

/** The template offered for download (docs/product/screens.md §12): the header and one example member. */
export const MEMBER_CSV_TEMPLATE =
  csvLine(MEMBER_CSV_COLUMNS) +
  csvLine([
    'M0012345',
    'Nurul Aisyah binti Ahmad',
    '850101-14-5678',
    'F',
    '1985-01-01',
    'Maybank',
    'Kuala Lumpur',
    'Clerk',
    'active',
    '2010-03-01',
    '+60123456789',
    'nurul@example.org',
    'Jalan Ampang, Kuala Lumpur',
  ]);

/** The error report: one line per problem (no byte-order mark: the download adds it). */
export function problemsCsv(problems: readonly RowProblem[]): string {
  return csvLine(['line', 'field', 'message']) + problems.map((p) => csvLine([p.line, p.field, p.message])).join('');
}
