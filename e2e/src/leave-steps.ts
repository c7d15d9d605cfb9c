import type { Page } from 'playwright-core';
import { fillDate } from './dates';
import { expect } from './harness';

/** The web app's leave pages. */
export const MY_LEAVES = '/shared/hr-services/leave/my-leaves';
export const HISTORY = '/shared/hr-services/leave/my-leaves/history';
export const APPROVAL = '/shared/hr-services/leave/approval';
export const STAFF_MOVEMENT = '/shared/hr-services/leave/staff-movement';
export const LEAVE_ADMIN = '/shared/hr-services/leave/admin';

/** Demo staff (apps/server/src/seed/demo-organisation.ts) by the name the screens show. */
export const staff = {
  /** ITAdmin; approves Tan Mei Ling and Lim Wei Jie. */
  aisyah: { name: 'Aisyah Rahman', id: 'LVUSR0000000001', email: 'itadmin@staffportal.example' },
  /** HRAdmin; approves Muhammad Hafiz, Priya Nair and Ravi Chandran. */
  tan: { name: 'Tan Mei Ling', id: 'LVUSR0000000002', email: 'hradmin@staffportal.example' },
  /** HR. */
  hafiz: { name: 'Muhammad Hafiz', id: 'LVUSR0000000003', email: 'hr@staffportal.example' },
  /** HR, joined last year. */
  priya: { name: 'Priya Nair', id: 'LVUSR0000000004', email: 'hr2@staffportal.example' },
  /** IRAdmin. */
  lim: { name: 'Lim Wei Jie', id: 'LVUSR0000000005', email: 'iradmin@staffportal.example' },
  /** IR. */
  nurul: { name: 'Nurul Izzah', id: 'LVUSR0000000006', email: 'ir@staffportal.example' },
  /** The organisation's own department only: the leave pages are not his (docs/product/access.md). */
  ravi: { name: 'Ravi Chandran', id: 'LVUSR0000000007', email: 'staff@staffportal.example' },
} as const;

/** Next year: flows that apply for leave of their own use its July (`julyWeeks` in leave-api.ts). */
export const YEAR = new Date().getFullYear() + 1;

/** `date` (YYYY-MM-DD) plus `days` days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The Monday of the week `date` is in (the organisation's week starts on Monday). */
export function mondayOf(date: string): string {
  return addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "14 Jul 2027", as the leave screens show a date (YYYY-MM-DD). */
export function shownDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day!} ${MONTHS[Number(month) - 1]!} ${year!}`;
}

/** A one-page PDF, as a scanned medical certificate would be. */
export const CERTIFICATE = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export interface Application {
  type: string;
  start: string;
  end?: string;
  dayType?: 'Whole Day' | 'AM' | 'PM';
  reason: string;
  attachment?: boolean;
  /** The working days the live preview must show before submitting. */
  expectDays: string;
}

/**
 * On the my-leaves page: fills the apply form, checks the live day count, submits, and returns
 * the new reference id.
 */
export async function apply(page: Page, application: Application): Promise<string> {
  await page.getByRole('combobox', { name: /Leave type/ }).selectOption({ label: application.type });
  await fillDate(page.getByLabel(/^Start date/), application.start);
  await fillDate(page.getByLabel(/^End date/), application.end ?? application.start);
  if (application.dayType) await page.getByRole('radio', { name: application.dayType }).check();
  await page.getByLabel(/^Reason/).fill(application.reason);
  if (application.attachment) {
    await page
      .getByLabel(/^Attachment/)
      .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: CERTIFICATE });
  }
  const preview = page.getByRole('status', { name: 'Day count and balance' });
  await expect.poll(() => preview.textContent()).toContain(`Working days${application.expectDays}`);
  await page.getByRole('button', { name: 'Submit request' }).click();
  const notice = page.getByText(/^Leave request LV\d{18} submitted\.$/);
  await notice.waitFor();
  // The form empties for the next request once the lists have the new one.
  await expect.poll(() => page.getByLabel(/^Start date/).inputValue()).toBe('');
  return /LV\d{18}/.exec((await notice.textContent()) ?? '')![0];
}

/** The status chip of a request in the list on the page. */
export async function statusOf(page: Page, referenceId: string): Promise<string> {
  const row = page.locator('tr, li').filter({ hasText: referenceId }).first();
  await row.waitFor();
  return (await row.locator('.MuiChip-label').first().textContent()) ?? '';
}

/** Approves or rejects a request on the approval page, with remarks (a rejection's reason). */
export async function decide(page: Page, referenceId: string, decision: 'Approve' | 'Reject', remarks: string) {
  await page.getByRole('button', { name: `${decision} ${referenceId}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(decision === 'Approve' ? /^Remarks/ : /^Reason for rejecting/).fill(remarks);
  await dialog.getByRole('button', { name: decision, exact: true }).click();
  await page.getByText(`Request ${referenceId} ${decision === 'Approve' ? 'approved' : 'rejected'}.`).waitFor();
}
