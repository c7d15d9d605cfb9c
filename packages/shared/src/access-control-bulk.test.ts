import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { createAccountInputSchema } from './access-control';
import { BULK_COLUMNS, BULK_MAX_ROWS, checkBulkRows, type BulkCheckContext, type BulkRow } from './access-control-bulk';
import { BULK_CSV_TEMPLATE, readBulkCsv, writeCsv } from './access-control-csv';
import { PROTECTED_DEPARTMENTS } from './access-control-rules';

const DEPARTMENTS = ['HR', 'HRAdmin', 'ITAdmin', 'IR', 'IRAdmin', 'UNION', 'CLUB'];
const itAdmin = { id: 'it', groups: ['ITAdmin'] };
const hrAdmin = { id: 'hr', groups: ['HR', 'HRAdmin'] };
const context = (overrides: Partial<BulkCheckContext> = {}): BulkCheckContext => ({
  actor: itAdmin,
  departments: DEPARTMENTS,
  existingEmails: new Set(),
  ...overrides,
});

/** RFC 4180 with every field quoted: written here, not by the module under test. */
const quoted = (cells: readonly string[]) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',');

const cellText = fc.string({
  unit: fc.constantFrom('a', 'Z', '0', ' ', ',', ';', '"', '\n', '\r\n', '|', 'é', '中', '@', '.'),
  maxLength: 12,
});
const cells = fc.tuple(cellText, cellText, cellText).filter((row) => row.some((cell) => cell.trim() !== ''));

describe('readBulkCsv', () => {
  it('gives back every non-blank row, cell for cell, whatever the header’s order and case, BOM and line ends', () => {
    fc.assert(
      fc.property(
        fc.array(cells, { maxLength: 20 }).filter((rows) => rows.length > 0),
        fc.shuffledSubarray([...BULK_COLUMNS], { minLength: 3, maxLength: 3 }),
        fc.boolean(),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        (rows, order, bom, newline, upper) => {
          const header = order.map((name) => (upper ? name.toUpperCase() : name));
          const at = (row: readonly string[], column: string) => row[BULK_COLUMNS.indexOf(column as never)]!;
          const lines = [header.join(','), ...rows.map((row) => quoted(order.map((column) => at(row, column))))];
          const text = `${bom ? '\uFEFF' : ''}${lines.join(newline)}${newline}`;
          const read = readBulkCsv(text);
          expect(read.ok).toBe(true);
          if (!read.ok) return;
          expect(read.rows).toEqual(
            rows.map(([email, name, departments], index) => ({
              line: index + 2,
              email,
              name,
              departments,
              extraCells: 0,
            })),
          );
        },
      ),
    );
  });

  it('reads back what writeCsv wrote', () => {
    const plain = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', ';', '"', '\n', 'é'), maxLength: 10 });
    const row = fc
      .tuple(plain, plain, plain)
      .filter((r) => r.some((cell) => cell.trim() !== '') && r.every((cell) => !cell.startsWith(' ')));
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 10 }), (rows) => {
        const read = readBulkCsv(writeCsv(BULK_COLUMNS, rows));
        expect(read.ok && read.rows.map((r) => [r.email, r.name, r.departments])).toEqual(rows);
      }),
    );
  });

  it('guards a cell a spreadsheet would run as a formula, and keeps numbers (docs/product/files-mail-logs.md §4)', () => {
    const hostile = ["=cmd|' /C calc'!A0", '+1+1', '-2+3', '@SUM(1)', '\t=1+1', '\r=1+1'];
    const csv = writeCsv(['line', 'name'], [...hostile.map((name, index) => [index + 2, name]), [-1, 'Aisyah']]);
    expect(Papa.parse<string[]>(csv, { newline: '\r\n' }).data.slice(1)).toEqual([
      ...hostile.map((name, index) => [String(index + 2), `'${name}`]),
      ['-1', 'Aisyah'],
    ]);
  });

  it('numbers rows as a spreadsheet does, blank ones counted but left out', () => {
    const read = readBulkCsv('email,name,departments\r\n\r\na@example.org,A,HR\r\n , , \r\nb@example.org,B,\r\n');
    expect(read.ok && read.rows.map((row) => [row.line, row.email])).toEqual([
      [3, 'a@example.org'],
      [5, 'b@example.org'],
    ]);
  });

  it('counts cells beyond the header (an unquoted comma) and takes missing ones as empty', () => {
    const read = readBulkCsv('email,name,departments\na@example.org,Tan, Mei Ling,HR\nb@example.org,B\n');
    expect(read.ok && read.rows).toEqual([
      { line: 2, email: 'a@example.org', name: 'Tan', departments: ' Mei Ling', extraCells: 1 },
      { line: 3, email: 'b@example.org', name: 'B', departments: '', extraCells: 0 },
    ]);
  });

  it.each([
    ['an empty file', '', 'csvEmpty'],
    ['blank lines only', '\r\n \r\n', 'csvEmpty'],
    ['a header without rows', 'email,name,departments\r\n', 'csvEmpty'],
    ['a missing column', 'email,name\r\na@example.org,A\r\n', 'csvHeader'],
    ['an unknown column', 'email,name,departments,role\r\na@example.org,A,HR,boss\r\n', 'csvHeader'],
    ['a semicolon-separated file', 'email;name;departments\r\na@example.org;A;HR\r\n', 'csvHeader'],
    ['no header', 'a@example.org,A,HR\r\n', 'csvHeader'],
    ['an unclosed quote', 'email,name,departments\r\na@example.org,"A,HR\r\nb@example.org,B,HR\r\n', 'csvMalformed'],
  ])('refuses %s', (_name, text, reason) => {
    const read = readBulkCsv(text);
    expect(read.ok ? 'read' : read.problem.reason).toBe(reason);
  });

  it(`takes up to ${BULK_MAX_ROWS} rows and refuses more`, () => {
    const file = (n: number) =>
      ['email,name,departments', ...Array.from({ length: n }, (_, i) => `p${i}@example.org,P ${i},HR`)].join('\n');
    const most = readBulkCsv(file(BULK_MAX_ROWS));
    expect(most.ok && most.rows.length).toBe(BULK_MAX_ROWS);
    const over = readBulkCsv(file(BULK_MAX_ROWS + 1));
    expect(!over.ok && over.problem).toMatchObject({ reason: 'csvTooManyRows', params: { maximum: BULK_MAX_ROWS } });
  });

  it('offers a template that reads and checks clean', () => {
    const read = readBulkCsv(BULK_CSV_TEMPLATE);
    expect(read.ok).toBe(true);
    if (read.ok) expect(checkBulkRows(read.rows, context())[0]!.problems).toEqual([]);
  });
});

const row = (line: number, email: string, name: string, departments = '', extraCells = 0): BulkRow => ({
  line,
  email,
  name,
  departments,
  extraCells,
});

describe('checkBulkRows', () => {
  it('names each row’s problems with the reasons the single create gives', () => {
    const checked = checkBulkRows(
      [
        row(2, ' Aisyah@Example.org ', ' Aisyah ', 'hr; UNION;HR'),
        row(3, 'not-an-email', 'B', 'HR'),
        row(4, 'c@example.org', '  ', 'HR'),
        row(5, 'd@example.org', 'D', 'HR;Payroll'),
        row(6, 'e@example.org', 'E', 'HRAdmin'),
        row(7, 'AISYAH@example.org', 'Again', 'HR'),
        row(8, 'taken@example.org', 'Taken', ''),
        row(9, 'f@example.org', 'F', 'HR', 1),
      ],
      context({ actor: hrAdmin, existingEmails: new Set(['taken@example.org']) }),
    );
    expect(checked[0]).toEqual({
      line: 2,
      email: 'aisyah@example.org',
      name: 'Aisyah',
      departments: ['HR', 'UNION'],
      unknownDepartments: [],
      problems: [],
    });
    const reasons = checked.map((r) => r.problems.map((p) => `${p.field ?? 'row'}:${p.reason}`));
    expect(reasons).toEqual([
      [],
      ['email:invalidEmail'],
      ['name:required'],
      ['departments:noSuchDepartment'],
      ['departments:protectedDepartment'],
      ['email:duplicateInFile'],
      ['email:accountExists'],
      ['row:csvExtraCells'],
    ]);
    expect(checked[3]!.problems[0]!.params).toEqual({ code: 'Payroll' });
    // The names that are no department are kept for the preview to show, beside those that are.
    expect([checked[3]!.departments, checked[3]!.unknownDepartments]).toEqual([['HR'], ['Payroll']]);
    expect(checked[4]!.problems[0]!.params).toEqual({ department: 'HRAdmin' });
    expect(checked[5]!.problems[0]!.params).toEqual({ line: 2 });
    expect(checked[6]!.problems[0]!.params).toEqual({ email: 'taken@example.org' });
  });

  it('lets an ITAdmin grant HRAdmin and ITAdmin', () => {
    const [checked] = checkBulkRows([row(2, 'a@example.org', 'A', 'HRAdmin;ITAdmin')], context());
    expect(checked!.problems).toEqual([]);
  });

  const emails = fc.constantFrom(
    'a@example.org',
    'A@Example.org',
    'b@example.org',
    ' c@example.org ',
    'taken@example.org',
    'nope',
    '',
  );
  const names = fc.constantFrom('Aisyah', ' Bala ', '', '   ', 'x'.repeat(101));
  const departmentCells = fc
    .array(fc.constantFrom(...DEPARTMENTS, 'hr', 'Payroll', ' ', 'UNION '), { maxLength: 4 })
    .map((names) => names.join(';'));
  const rows = fc
    .array(fc.tuple(emails, names, departmentCells, fc.constantFrom(0, 0, 0, 1)), { maxLength: 12 })
    .map((tuples) =>
      tuples.map(([email, name, departments, extra], index) => row(index + 2, email, name, departments, extra)),
    );
  const contexts = fc.record({
    actor: fc.constantFrom(itAdmin, hrAdmin),
    departments: fc.constant(DEPARTMENTS),
    existingEmails: fc.subarray(['taken@example.org', 'b@example.org']).map((list) => new Set(list)),
  });

  it('passes only rows the single create would take, each e-mail once, none that exists', () => {
    fc.assert(
      fc.property(rows, contexts, (input, ctx) => {
        const checked = checkBulkRows(input, ctx);
        expect(checked.map((r) => r.line)).toEqual(input.map((r) => r.line));
        const ready = checked.filter((r) => r.problems.length === 0);
        for (const r of ready) {
          const input = { email: r.email, name: r.name, departments: r.departments };
          expect(createAccountInputSchema.parse(input)).toEqual(input);
          expect(r.departments.every((name) => DEPARTMENTS.includes(name))).toBe(true);
          expect(ctx.existingEmails.has(r.email)).toBe(false);
          if (ctx.actor === hrAdmin) {
            expect(r.departments.some((name) => PROTECTED_DEPARTMENTS.includes(name))).toBe(false);
          }
        }
        expect(new Set(ready.map((r) => r.email)).size).toBe(ready.length);
        // A duplicate points at an earlier row with the same e-mail.
        checked.forEach((r, index) => {
          for (const p of r.problems.filter((p) => p.reason === 'duplicateInFile')) {
            const first = checked.findIndex((other) => other.line === p.params.line);
            expect(first).toBeGreaterThanOrEqual(0);
            expect(first).toBeLessThan(index);
            expect(checked[first]!.email).toBe(r.email);
          }
        });
      }),
    );
  });

  it('passes its ready rows again as they are; once created, every one of them exists', () => {
    fc.assert(
      fc.property(rows, contexts, (input, ctx) => {
        const ready = checkBulkRows(input, ctx).filter((r) => r.problems.length === 0);
        const again = ready.map((r) => row(r.line, r.email, r.name, r.departments.join(';')));
        expect(checkBulkRows(again, ctx).map((r) => r.problems)).toEqual(ready.map(() => []));
        const created = new Set([...ctx.existingEmails, ...ready.map((r) => r.email)]);
        const afterwards = checkBulkRows(again, { ...ctx, existingEmails: created });
        expect(afterwards.every((r) => r.problems.map((p) => p.reason).join() === 'accountExists')).toBe(true);
      }),
    );
  });
});
