/**
 * The one guard of the cells the portal writes into a CSV or XLSX file, in the server and in the
 * browser (docs/product/files-mail-logs.md §4). A spreadsheet reads a text that starts with `=`,
 * `+`, `-` or `@` as a formula, and one that starts with a tab or a carriage return may be read
 * so after the spreadsheet trims it; a formula can fetch addresses or run commands ("CSV
 * injection"). Such a text is written with a leading apostrophe, which spreadsheets read as "text
 * follows" and the member import takes off again. Numbers the writer holds as numbers are written
 * as numbers: only text is guarded, so a negative number stays a number.
 */

/** The first characters that make a spreadsheet read a text cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
const GUARDED = /^'[=+\-@\t\r]/;

/** A text cell as the portal writes it: with a leading apostrophe when it would start a formula. */
export const guardCell = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** A cell read back from a file the portal wrote: the guard's apostrophe taken off. */
export const unguardCell = (text: string): string => (GUARDED.test(text) ? text.slice(1) : text);

/** A row for a writer with typed cells (Papa Parse, csv-stringify, ExcelJS): its texts guarded, the rest as they are. */
export const guardCells = <T>(cells: readonly T[]): (T | string)[] =>
  cells.map((cell) => (typeof cell === 'string' ? guardCell(cell) : cell));

/** A cell as CSV writes it (RFC 4180): guarded, and quoted where it holds a comma, a quote or a line end. */
export function csvCell(value: string | number | null | undefined): string {
  const text = typeof value === 'number' ? String(value) : guardCell(value ?? '');
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, CRLF-ended. */
export const csvLine = (cells: readonly (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;
