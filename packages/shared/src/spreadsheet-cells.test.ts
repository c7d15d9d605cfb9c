import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, guardCell, guardCells, unguardCell } from './spreadsheet-cells';

/** A cell for every first character a spreadsheet reads as the start of a formula. */
const HOSTILE_CELLS = ["=cmd|' /C calc'!A0", '+SUM(1+1)', '-2+3+cmd|calc', '@SUM(1+1)', '\t=1+1', '\r=1+1'];

describe('the spreadsheet cell guard (docs/product/files-mail-logs.md §4)', () => {
  it('puts an apostrophe before a text that starts with =, +, -, @, a tab or a carriage return', () => {
    expect(HOSTILE_CELLS.map(guardCell)).toEqual(HOSTILE_CELLS.map((cell) => `'${cell}`));
    expect(guardCell('Annual Leave')).toBe('Annual Leave');
    expect(guardCell("'=quoted already")).toBe("'=quoted already");
    expect(guardCell(' =after a space')).toBe(' =after a space');
  });

  it('guards the texts of a typed row and keeps its numbers, negative ones too, as numbers', () => {
    expect(guardCells(['-1', -1.5, 0, null, '=A1'])).toEqual(["'-1", -1.5, 0, null, "'=A1"]);
  });

  it('writes CSV cells guarded and quoted, numbers as numbers', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a,b', '@x', 3])).toBe(`"a,b",'@x,3\r\n`);
  });

  it('never writes a text cell a spreadsheet reads as a formula, and reads back as written', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 20 }), { minLength: 1, maxLength: 6 }), (cells) => {
        fc.pre(cells.join('') !== '' && !cells.some((cell) => /^'[=+\-@\t\r]/.test(cell)));
        const [parsed] = Papa.parse<string[]>(csvLine(cells).slice(0, -2), { delimiter: ',', newline: '\r\n' }).data;
        expect(parsed!.every((cell) => !/^[=+\-@\t\r]/.test(cell))).toBe(true);
        expect(parsed!.map(unguardCell)).toEqual(cells);
      }),
    );
  });
});
