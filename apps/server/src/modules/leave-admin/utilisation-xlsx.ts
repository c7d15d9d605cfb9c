import ExcelJS from 'exceljs';
import type { UtilisationReport } from '@staff-portal/shared/leave-admin';
import { csvLine, guardCell } from '@staff-portal/shared/spreadsheet-cells';

/** Column headings of the utilisation workbook, in the caller's language. */
export interface UtilisationHeadings {
  sheet: string;
  department: string;
  departmentName: string;
  leaveTypeId: string;
  leaveType: string;
  staffCount: string;
  daysTaken: string;
  daysPending: string;
}

export const ENGLISH_HEADINGS: UtilisationHeadings = {
  sheet: 'Utilisation',
  department: 'Department',
  departmentName: 'Department name',
  leaveTypeId: 'Leave type id',
  leaveType: 'Leave type',
  staffCount: 'Staff',
  daysTaken: 'Days taken',
  daysPending: 'Days pending',
};

export const MALAY_HEADINGS: UtilisationHeadings = {
  sheet: 'Penggunaan',
  department: 'Jabatan',
  departmentName: 'Nama jabatan',
  leaveTypeId: 'Id jenis cuti',
  leaveType: 'Jenis cuti',
  staffCount: 'Kakitangan',
  daysTaken: 'Hari diambil',
  daysPending: 'Hari menunggu',
};

/**
 * The utilisation report as an .xlsx workbook (decision record 0018): numbers stay numbers, so
 * the sheet can be summed and charted as it is; the names HR admins give are guarded
 * (docs/product/files-mail-logs.md §4).
 */
export async function utilisationWorkbook(report: UtilisationReport, headings: UtilisationHeadings): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Staff Portal';
  const sheet = workbook.addWorksheet(`${headings.sheet} ${report.year}`);
  sheet.columns = [
    { header: headings.department, key: 'departmentCode', width: 14 },
    { header: headings.departmentName, key: 'departmentName', width: 30 },
    { header: headings.leaveTypeId, key: 'leaveTypeId', width: 12 },
    { header: headings.leaveType, key: 'leaveTypeName', width: 32 },
    { header: headings.staffCount, key: 'staffCount', width: 10 },
    { header: headings.daysTaken, key: 'daysTaken', width: 12, style: { numFmt: '0.0' } },
    { header: headings.daysPending, key: 'daysPending', width: 14, style: { numFmt: '0.0' } },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.addRows(
    report.rows.map((row) => ({
      ...row,
      departmentCode: guardCell(row.departmentCode),
      departmentName: guardCell(row.departmentName),
      leaveTypeId: guardCell(row.leaveTypeId),
      leaveTypeName: guardCell(row.leaveTypeName),
    })),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The utilisation report as CSV, in the workbook's columns and headings; texts guarded by csvLine. */
export function utilisationCsv(report: UtilisationReport, headings: UtilisationHeadings): string {
  const header = [
    headings.department,
    headings.departmentName,
    headings.leaveTypeId,
    headings.leaveType,
    headings.staffCount,
    headings.daysTaken,
    headings.daysPending,
  ];
  const rows = report.rows.map((row) =>
    csvLine([
      row.departmentCode,
      row.departmentName,
      row.leaveTypeId,
      row.leaveTypeName,
      row.staffCount,
      row.daysTaken,
      row.daysPending,
    ]),
  );
  // A byte-order mark, so that Excel reads the UTF-8 (Malay headings, names with accents).
  return `\uFEFF${csvLine(header)}${rows.join('')}`;
}
