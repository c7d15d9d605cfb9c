import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { accounts } from './accounts';
import { expect, useSession } from './harness';
import { checkScreen } from './screens';
import { signIn } from './sign-in';

const MY_LEAVES = '/shared/hr-services/leave/my-leaves';
const HISTORY = '/shared/hr-services/leave/my-leaves/history';
const APPROVAL = '/shared/hr-services/leave/approval';

// Priya Nair (HR) applies; her approver is Tan Mei Ling (HRAdmin). The demo year of requests
// ends about two months ahead, so these flows use dates in July of next year: no overlap, a
// fresh year's balance, and no public holiday in Kuala Lumpur in the second week of July.
const APPLICANT = 'hr2@staffportal.example';
const APPROVER = accounts.HRAdmin;
const YEAR = new Date().getFullYear() + 1;

/** The `weekday` (0 = Sunday) of the second week of July of YEAR, plus `weeks` weeks. */
function julyDay(weekday: number, weeks = 0): string {
  const first = new Date(Date.UTC(YEAR, 6, 1));
  const date = new Date(first);
  date.setUTCDate(1 + ((weekday - first.getUTCDay() + 7) % 7) + 7 * (1 + weeks));
  return date.toISOString().slice(0, 10);
}

/** A one-page PDF, as a scanned medical certificate would be. */
const CERTIFICATE = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

interface Application {
  type: string;
  start: string;
  end?: string;
  dayType?: 'Whole Day' | 'AM' | 'PM';
  reason: string;
  attachment?: boolean;
  /** The working days the live preview must show before submitting. */
  expectDays: string;
}

/** Fills the apply form, checks the live day count, submits, and returns the new reference id. */
async function apply(page: Page, application: Application): Promise<string> {
  await page.getByRole('combobox', { name: /Leave type/ }).selectOption({ label: application.type });
  await page.getByLabel(/^Start date/).fill(application.start);
  await page.getByLabel(/^End date/).fill(application.end ?? application.start);
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
async function statusOf(page: Page, referenceId: string): Promise<string> {
  const row = page.locator('tr, li').filter({ hasText: referenceId }).first();
  await row.waitFor();
  return (await row.locator('.MuiChip-label').first().textContent()) ?? '';
}

/** Approves or rejects a request on the approval page, with remarks. */
async function decide(page: Page, referenceId: string, decision: 'Approve' | 'Reject', remarks: string) {
  await page.getByRole('button', { name: `${decision} ${referenceId}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Remarks/).fill(remarks);
  await dialog.getByRole('button', { name: decision, exact: true }).click();
  await page.getByText(`Request ${referenceId} ${decision === 'Approve' ? 'approved' : 'rejected'}.`).waitFor();
}

describe('the E-Leave system', () => {
  const { open, session } = useSession();

  async function as(email: string, pathname: string) {
    const page = await open(pathname);
    await signIn(page, email);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return page;
  }

  it('applies, approves, rejects, cancels, and cancels an approved request through its approver', async () => {
    let page = await as(APPLICANT, MY_LEAVES);
    await checkScreen(page, 'leave-my-leaves');
    const whole = await apply(page, {
      type: 'Annual Leave',
      start: julyDay(2),
      end: julyDay(3),
      reason: 'Family trip to Melaka',
      expectDays: '2',
    });
    const half = await apply(page, {
      type: 'Annual Leave',
      start: julyDay(4),
      dayType: 'AM',
      reason: 'Clinic appointment',
      expectDays: '0.5',
    });
    const medical = await apply(page, {
      type: 'Medical Leave',
      start: julyDay(1, 1),
      reason: 'Dental surgery',
      attachment: true,
      expectDays: '1',
    });
    const toCancel = await apply(page, {
      type: 'Annual Leave',
      start: julyDay(2, 2),
      reason: 'Moving house',
      expectDays: '1',
    });
    expect(await statusOf(page, whole)).toBe('PENDING');

    // The applicant cancels a pending request herself.
    await page.getByRole('button', { name: `Cancel request ${toCancel}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`Request ${toCancel} cancelled.`).waitFor();
    await expect.poll(() => statusOf(page, toCancel)).toBe('CANCELLED');

    // The approver sees the three others, with the applicant's balance after each.
    page = await as(APPROVER, APPROVAL);
    for (const referenceId of [whole, half, medical]) await page.getByText(referenceId).first().waitFor();
    expect(await page.getByText(toCancel).count()).toBe(0);
    await checkScreen(page, 'leave-approval');
    await decide(page, whole, 'Approve', 'Enjoy the trip.');
    await decide(page, medical, 'Approve', 'Get well soon.');
    await decide(page, half, 'Reject', 'Audit week; please pick another morning.');

    // The applicant sees the decisions and asks to cancel the approved annual leave.
    page = await as(APPLICANT, MY_LEAVES);
    await expect.poll(() => statusOf(page, whole)).toBe('APPROVED');
    expect(await statusOf(page, half)).toBe('REJECTED');
    await page.getByRole('button', { name: `Request cancellation of ${whole}` }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Remarks/)
      .fill('Trip postponed');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`Cancellation of ${whole} requested.`).waitFor();
    await expect.poll(() => statusOf(page, whole)).toBe('PENDING CANCELLATION');
    // Medical leave cannot be cancelled once approved (PRODUCT.md §5).
    expect(await page.getByRole('button', { name: `Request cancellation of ${medical}` }).count()).toBe(0);

    // The approver accepts the cancellation: the request is cancelled.
    page = await as(APPROVER, APPROVAL);
    await page.getByText('Cancellation request').first().waitFor();
    await decide(page, whole, 'Approve', 'Noted.');
    page = await as(APPLICANT, MY_LEAVES);
    await expect.poll(() => statusOf(page, whole)).toBe('CANCELLED');
    expect(session.errors).toEqual([]);
  });

  it('filters the history by year and status and exports it as CSV', async () => {
    const page = await as(APPLICANT, MY_LEAVES);
    const referenceId = await apply(page, {
      type: 'Annual Leave',
      start: julyDay(3, 3),
      reason: 'Hari keluarga',
      expectDays: '1',
    });
    await page.goto(new URL(`${HISTORY}?year=${YEAR}&status=0`, session.server.url).toString());
    await page.getByText(referenceId).first().waitFor();
    await checkScreen(page, 'leave-history');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv).toContain(referenceId);
    expect(csv).toContain('PENDING');
    expect(csv).toContain('Hari keluarga');
  });
});
