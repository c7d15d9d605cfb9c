import Papa from 'papaparse';
import { BULK_CELL_MAX, BULK_COLUMNS, BULK_MAX_ROWS, type BulkColumn, type BulkRow } from './access-control-bulk';
import type { ErrorReason, ReasonParams } from './error-reasons';
import { guardCells } from './spreadsheet-cells';

/**
 * Reading and writing the CSV files of creating accounts in bulk (docs/product/screens.md §14),
 * with Papa Parse. The file: a header `email,name,departments` (any order, any case), then one
 * account per row, its departments separated by `;` within their cell. Fields are separated by
 * commas and may be quoted with double quotes (RFC 4180); a byte-order mark and CRLF line ends,
 * as spreadsheets write them, are fine. Blank rows are left out. The rows are checked by
 * `checkBulkRows` (`./access-control-bulk`), not here.
 */

/** Why the file as a whole cannot be read; its rows are then not looked at. */
export interface BulkFileProblem {
  reason: Extract<ErrorReason, 'csvEmpty' | 'csvHeader' | 'csvMalformed' | 'csvTooManyRows'>;
  params: ReasonParams;
  message: string;
}

export type BulkCsv = { ok: true; rows: BulkRow[] } | { ok: false; problem: BulkFileProblem };

const BOM = '\uFEFF';
const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

const failed = (reason: BulkFileProblem['reason'], message: string, params: ReasonParams = {}): BulkCsv => ({
  ok: false,
  problem: { reason, message, params },
});

/** The rows of a bulk-create file, or why it cannot be read. */
export function readBulkCsv(text: string): BulkCsv {
  const parsed = Papa.parse<string[]>(text.startsWith(BOM) ? text.slice(1) : text, {
    delimiter: ',',
    skipEmptyLines: false,
  });
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoteError !== undefined) {
    const line = (quoteError.row ?? 0) + 1;
    return failed(
      'csvMalformed',
      `The file cannot be read from line ${line}: a quotation mark is misplaced or not closed.`,
      {
        line,
      },
    );
  }

  const records = parsed.data;
  const headerIndex = records.findIndex((cells) => !isBlank(cells));
  if (headerIndex === -1) return failed('csvEmpty', 'The file has no rows under its header.');
  const header = records[headerIndex]!.map((cell) => cell.trim().toLowerCase());
  const columns = new Map<BulkColumn, number>();
  header.forEach((name, index) => {
    if ((BULK_COLUMNS as readonly string[]).includes(name)) columns.set(name as BulkColumn, index);
  });
  const named = header.filter((name) => name !== '');
  if (columns.size !== BULK_COLUMNS.length || named.length !== BULK_COLUMNS.length) {
    return failed('csvHeader', `The first line must be the header ${BULK_COLUMNS.join(',')}.`);
  }

  const used = [...columns.values()];
  const rows: BulkRow[] = [];
  for (let index = headerIndex + 1; index < records.length; index++) {
    const cells = records[index]!;
    if (isBlank(cells)) continue;
    const cell = (column: BulkColumn) => (cells[columns.get(column)!] ?? '').slice(0, BULK_CELL_MAX[column]);
    const extraCells = cells.filter((value, at) => !used.includes(at) && value.trim() !== '').length;
    rows.push({
      line: index + 1,
      email: cell('email'),
      name: cell('name'),
      departments: cell('departments'),
      extraCells,
    });
    if (rows.length > BULK_MAX_ROWS) {
      return failed('csvTooManyRows', `A file can create at most ${BULK_MAX_ROWS} accounts.`, {
        maximum: BULK_MAX_ROWS,
      });
    }
  }
  if (rows.length === 0) return failed('csvEmpty', 'The file has no rows under its header.');
  return { ok: true, rows };
}

/**
 * A CSV file of these rows under this header (CRLF line ends, fields quoted where needed, and a
 * text that a spreadsheet would take for a formula guarded: docs/product/files-mail-logs.md §4).
 */
export function writeCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return Papa.unparse({ fields: guardCells(header), data: rows.map(guardCells) }, { newline: '\r\n' });
}

/** The template offered for download: the header and one example row. */
export const BULK_CSV_TEMPLATE = writeCsv(BULK_COLUMNS, [['aisyah.rahman@example.org', 'Aisyah Rahman', 'HR;UNION']]);
