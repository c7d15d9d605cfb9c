import { DAY_TYPE_LABELS, leaveStatusLabel } from '@staff-portal/shared/leave';
import type { LeaveRequest } from '@staff-portal/shared/leave';
import { guardCells } from '@staff-portal/shared/spreadsheet-cells';
import Papa from 'papaparse';
import { formatTimestamp } from '../../lib/dates';

export interface CsvHeadings {
  reference: string;
  type: string;
  startDate: string;
  endDate: string;
  dayType: string;
  days: string;
  status: string;
  reason: string;
  approver: string;
  remarks: string;
  appliedOn: string;
}

const COLUMNS: readonly (keyof CsvHeadings)[] = [
  'reference',
  'type',
  'startDate',
  'endDate',
  'dayType',
  'days',
  'status',
  'reason',
  'approver',
  'remarks',
  'appliedOn',
];

/**
 * The filtered list as CSV for a spreadsheet: ISO dates (they sort and parse everywhere), the
 * seed's day type codes and status names, the applied-on time in the organisation's zone. Texts
 * that a spreadsheet would run as formulas are guarded (docs/product/files-mail-logs.md §4).
 */
export function requestsCsv(requests: readonly LeaveRequest[], headings: CsvHeadings, timeZone: string): string {
  const rows = requests.map((request) => [
    request.referenceId,
    request.leaveTypeName,
    request.startDate,
    request.endDate,
    DAY_TYPE_LABELS[request.dayType],
    request.days,
    leaveStatusLabel(request.status),
    request.reason,
    request.approverName ?? '',
    request.remarks ?? '',
    formatTimestamp(request.createdAt, timeZone),
  ]);
  const fields = COLUMNS.map((column) => headings[column]);
  return Papa.unparse<unknown[]>({ fields: guardCells(fields), data: rows.map(guardCells) });
}
