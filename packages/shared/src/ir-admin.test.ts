import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  MEMBER_CSV_COLUMNS,
  MEMBER_CSV_TEMPLATE,
  checkMemberRows,
  encodingWarnings,
  problemsCsv,
  readMemberCsv,
} from './ir-admin';
import { csvLine } from './spreadsheet-cells';

const header = MEMBER_CSV_COLUMNS.join(',');
const good = (memberNo: string, nric = '850101145678') => [
  memberNo,
  'Nurul Aisyah',
  nric,
  'F',
  '1985-01-01',
  'Maybank',
  'KL',
  'Clerk',
  'active',
  '2010-03-01',
  '',
  '',
  '',
];

describe('readMemberCsv', () => {
  it('takes the columns in any order and case, with a BOM, CRLF and blank rows', async () => {
    const reversed = [...MEMBER_CSV_COLUMNS].reverse();
    const text = `\uFEFF${reversed.map((c) => c.toUpperCase()).join(',')}\r\n\r\n${[...good('M1')].reverse().join(',')}\r\n`;
    const file = await readMemberCsv(text);
    expect(file).toEqual({ ok: true, rows: [{ line: 3, cells: good('M1') }] });
  });

  it('refuses a file without the whole header, an empty one, and a misplaced quote', async () => {
    const partial = await readMemberCsv('memberNo,name\nM1,A\n');
    expect(!partial.ok && partial.problem.kind === 'header' && partial.problem.missing.slice(0, 2)).toEqual([
      'nric',
      'gender',
    ]);
    expect(await readMemberCsv(`${header}\n`)).toEqual({ ok: false, problem: { kind: 'empty' } });
    expect(await readMemberCsv('')).toEqual({ ok: false, problem: { kind: 'empty' } });
    expect(await readMemberCsv(`${header}\nM1,"open`)).toMatchObject({ ok: false, problem: { kind: 'malformed' } });
  });

  it('reads back any cells csvLine writes, formula guards taken off', async () => {
    const cell = fc.string({ maxLength: 30 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 13, maxLength: 13 }), { minLength: 1, maxLength: 5 }),
        async (rows) => {
          const data = rows.filter((cells) => cells.some((value) => value.trim() !== ''));
          fc.pre(data.length > 0 && data.every((cells) => !cells.some((value) => /^'[=+\-@\t\r]/.test(value))));
          const file = await readMemberCsv(csvLine(MEMBER_CSV_COLUMNS) + data.map((cells) => csvLine(cells)).join(''));
          expect(file.ok && file.rows.map((row) => row.cells)).toEqual(data);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('checkMemberRows', () => {
  it("names each bad row's fields, and refuses a member no or NRIC already in the file", () => {
    const checked = checkMemberRows([
      { line: 2, cells: good('m1') },
      { line: 3, cells: good('M1', '900505075432') },
      { line: 4, cells: good('M2', '850101-14-5678') },
      { line: 5, cells: ['M3', '', '12', 'X', '1985-01-01', 'A', 'B', '', '', '2010-01-01', '', 'bad', ''] },
    ]);
    expect(checked.valid.map((row) => [row.line, row.member.memberNo, row.member.status])).toEqual([
      [2, 'M1', 'active'],
    ]);
    expect(checked.problems.map((problem) => [problem.line, problem.field])).toEqual([
      [3, 'memberNo'],
      [4, 'nric'],
      [5, 'name'],
      [5, 'nric'],
      [5, 'gender'],
      [5, 'email'],
    ]);
  });

  it('takes status and gender as the screens show them, in either language and any case (docs/product/screens.md §12)', () => {
    const row = (line: number, memberNo: string, nric: string, gender: string, status: string) => {
      const cells = good(memberNo, nric);
      cells[3] = gender;
      cells[8] = status;
      return { line, cells };
    };
    const checked = checkMemberRows([
      row(2, 'M1', '850101145678', 'Female', 'Active'),
      row(3, 'M2', '900505075432', 'lelaki', 'MENINGGAL DUNIA'),
      row(4, 'M3', '780910085999', ' m ', ' Luput'),
    ]);
    expect(checked.problems).toEqual([]);
    expect(checked.valid.map(({ member }) => [member.gender, member.status])).toEqual([
      ['F', 'active'],
      ['M', 'deceased'],
      ['M', 'lapsed'],
    ]);
  });

  it("names the accepted values and the file's date format in its problems", () => {
    const row = (line: number, change: Record<number, string>) => {
      const cells = good(`M${line}`, `85010114${String(5600 + line)}`);
      for (const [at, value] of Object.entries(change)) cells[Number(at)] = value;
      return { line, cells };
    };
    const { problems } = checkMemberRows([
      row(2, { 8: 'member' }),
      row(3, { 3: 'X' }),
      // Day first, as people write dates: the date it would be is named.
      row(4, { 4: '31/01/1985' }),
      row(5, { 9: '2010-13-01' }),
      row(6, { 9: 'soon' }),
    ]);
    expect(problems.map(({ line, field, reason, params }) => ({ line, field, reason, params }))).toEqual([
      {
        line: 2,
        field: 'status',
        reason: 'fileChoice',
        params: { values: 'active, lapsed, resigned, deceased' },
      },
      { line: 3, field: 'gender', reason: 'fileChoice', params: { values: 'F, M' } },
      { line: 4, field: 'dateOfBirth', reason: 'fileDateDayFirst', params: { iso: '1985-01-31' } },
      { line: 5, field: 'joinDate', reason: 'fileDate', params: {} },
      { line: 6, field: 'joinDate', reason: 'fileDate', params: {} },
    ]);
  });

  it('keeps every row once, valid or with problems, for any file', () => {
    const cells = fc.constantFrom('M1', 'M2', 'x y', '', '850101145678', 'F', '1985-01-01', 'active');
    fc.assert(
      fc.property(fc.array(fc.array(cells, { minLength: 13, maxLength: 13 }), { maxLength: 20 }), (rows) => {
        const input = rows.map((row, index) => ({ line: index + 2, cells: row }));
        const checked = checkMemberRows(input);
        const lines = new Set([...checked.valid.map((row) => row.line), ...checked.problems.map((p) => p.line)]);
        expect(lines.size).toBe(input.length);
        expect(checked.valid.every((row) => !checked.problems.some((problem) => problem.line === row.line))).toBe(true);
      }),
    );
  });
});

it('problemsCsv writes a line per problem', () => {
  expect(
    problemsCsv([{ line: 3, field: 'nric', message: 'must be, "an" NRIC', reason: 'invalidNric', params: {} }]),
  ).toBe('line,field,message\r\n3,nric,"must be, ""an"" NRIC"\r\n');
});

it('offers a template whose example member imports without a problem', async () => {
  const file = await readMemberCsv(MEMBER_CSV_TEMPLATE);
  expect(file.ok && checkMemberRows(file.rows)).toMatchObject({ problems: [], valid: [{ line: 2 }] });
});

describe('encodingWarnings (docs/product/screens.md §12)', () => {
  const rowWith = (line: number, name: string, address = '') => {
    const cells = good(`M${line}`);
    cells[1] = name;
    cells[12] = address;
    return { line, cells };
  };

  it('finds text that could not be read, UTF-8 read as Windows-1252, and a byte-order mark inside a cell', () => {
    expect(
      encodingWarnings([
        rowWith(2, 'Jos\uFFFD de Souza'),
        rowWith(3, 'JosÃ© de Souza'),
        rowWith(4, 'Ren\u00C3\u00A9e Fernandez', 'Jalan Bunga Raya â€“ Melaka'),
        rowWith(5, '\uFEFFZoë Pereira'),
      ]),
    ).toEqual([
      { line: 2, field: 'name', kind: 'unreadable', text: 'Jos\uFFFD de Souza' },
      { line: 3, field: 'name', kind: 'readAsWindows1252', text: 'JosÃ© de Souza' },
      { line: 4, field: 'name', kind: 'readAsWindows1252', text: 'Ren\u00C3\u00A9e Fernandez' },
      { line: 4, field: 'address', kind: 'readAsWindows1252', text: 'Jalan Bunga Raya â€“ Melaka' },
      { line: 5, field: 'name', kind: 'byteOrderMark', text: 'Zoë Pereira' },
    ]);
  });

  it('leaves alone names written right, with accents or in any script', () => {
    expect(
      encodingWarnings([
        rowWith(2, 'José de Souza'),
        rowWith(3, 'Zoë Pereira', 'Ångström Straße 5, São Paulo'),
        rowWith(4, 'Tan Mei Ling 陈美玲'),
        rowWith(5, 'Ãlvaro Núñez'),
      ]),
    ).toEqual([]);
  });
});

it('problemsCsv guards a message or field a spreadsheet would run as a formula (docs/product/files-mail-logs.md §4)', () => {
  const hostile = ["=cmd|' /C calc'!A0", '+1+1', '-2+3', '@SUM(1)', '\t=1+1', '\r=1+1'];
  const csv = problemsCsv(
    hostile.map((message, index) => ({ line: index + 2, field: message, message, reason: 'invalidNric', params: {} })),
  );
  const rows = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data.slice(1);
  expect(rows).toEqual(hostile.map((text, index) => [String(index + 2), `'${text}`, `'${text}`]));
});
