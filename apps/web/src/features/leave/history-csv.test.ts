import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { leaveRequest } from '../../test/leave-fixtures';
import { requestsCsv, type CsvHeadings } from './history-csv';

const headings: CsvHeadings = {
  reference: 'Reference',
  type: 'Leave type',
  startDate: 'Start date',
  endDate: 'End date',
  dayType: 'Day',
  days: 'Days',
  status: 'Status',
  reason: 'Reason',
  approver: 'Approver',
  remarks: 'Remarks',
  appliedOn: 'Applied on',
};

describe('requestsCsv (docs/product/files-mail-logs.md §4)', () => {
  it('guards every text a spreadsheet would run as a formula, and keeps numbers as numbers', () => {
    const csv = requestsCsv(
      [
        leaveRequest({
          leaveTypeName: '+1+1',
          reason: "=cmd|' /C calc'!A0",
          approverName: '@SUM(1+1)',
          remarks: '-2+3',
        }),
        leaveRequest({ reason: '\t=1+1', remarks: '\r=1+1', days: 0.5 }),
      ],
      headings,
      'Asia/Kuala_Lumpur',
    );
    const [, first, second] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect([first![1], first![7], first![8], first![9]]).toEqual([
      "'+1+1",
      "'=cmd|' /C calc'!A0",
      "'@SUM(1+1)",
      "'-2+3",
    ]);
    expect([second![5], second![7], second![9]]).toEqual(['0.5', "'\t=1+1", "'\r=1+1"]);
    expect(
      Papa.parse<string[]>(csv)
        .data.flat()
        .filter((cell) => /^[=+\-@\t\r]/.test(cell)),
    ).toEqual([]);
  });
});
