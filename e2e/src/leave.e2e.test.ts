import fs from 'node:fs';
import { describe, it } from 'vitest';
import { accounts } from './accounts';
import { fillDate } from './dates';
import { expect, useSession } from './harness';
import { julyWeeks } from './leave-api';
import { apply, APPROVAL, decide, HISTORY, MY_LEAVES, statusOf, YEAR } from './leave-steps';
import { checkScreen } from './screens';

// Priya Nair (HR) applies; her approver is Tan Mei Ling (HRAdmin), in holiday-free weeks of
// July of next year (julyWeeks in leave-api.ts says why).
const APPLICANT = 'hr2@staffportal.example';
const APPROVER = accounts.HRAdmin;

describe('the E-Leave system', () => {
  const { session, openAs: as } = useSession();

  it('applies, approves, rejects, cancels, and cancels an approved request through its approver', async () => {
    const julyDay = await julyWeeks(session.server.url, accounts.HRAdmin);
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
    // A rejection says why: without a reason the dialog asks for one and sends nothing.
    await page.getByRole('button', { name: `Reject ${half}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByRole('dialog').getByText('Give the reason: the applicant is told it.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Back' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
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
    // Medical leave cannot be cancelled once approved (docs/product/leave.md).
    expect(await page.getByRole('button', { name: `Request cancellation of ${medical}` }).count()).toBe(0);

    // The approver accepts the cancellation: the request is cancelled.
    page = await as(APPROVER, APPROVAL);
    await page.getByText('Cancellation request').first().waitFor();
    await decide(page, whole, 'Approve', 'Noted.');
    page = await as(APPLICANT, MY_LEAVES);
    await expect.poll(() => statusOf(page, whole)).toBe('CANCELLED');
    expect(session.errors).toEqual([]);
  });

  it('offers a man maternity leave only as unavailable, and says why hospitalisation has fewer days', async () => {
    const julyDay = await julyWeeks(session.server.url, accounts.HRAdmin);
    // Muhammad Hafiz (HR), a man with over a year's service.
    let page = await as(accounts.HR, MY_LEAVES);
    const types = page.getByRole('combobox', { name: /Leave type/ });
    await types.getByRole('option', { name: 'Paternity Leave' }).waitFor({ state: 'attached' });
    expect(await types.getByRole('option', { name: 'Maternity Leave (for women only)' }).isDisabled()).toBe(true);
    expect(await types.getByRole('option', { name: 'Paternity Leave' }).isDisabled()).toBe(false);

    // A day of sick leave next year counts against that year's 60 days of hospitalisation too.
    await apply(page, {
      type: 'Medical Leave',
      start: julyDay(3, 3),
      reason: 'Flu',
      attachment: true,
      expectDays: '1',
    });
    page = await as(accounts.HR, MY_LEAVES);
    await fillDate(page.getByLabel('As at'), `${YEAR}-12-31`);
    await page.getByRole('heading', { name: `My balances for ${YEAR}` }).waitFor();
    await page.getByRole('button', { name: /^Show all \d+ leave types$/ }).click();
    const hospitalisation = page.getByRole('listitem', { name: 'Hospitalisation Leave' });
    await expect
      .poll(() => hospitalisation.textContent())
      .toContain('Includes 1 day of Medical Leave: this allowance counts it too.');
    expect(await hospitalisation.getByTestId('LVE0003-available').textContent()).toBe('59');
    expect(await page.getByRole('listitem', { name: 'Maternity Leave' }).textContent()).toContain('For women only.');
    await checkScreen(page, 'leave-my-leaves-all-types');
    expect(session.errors).toEqual([]);
  });

  it('filters the history by year and status and exports it as CSV', async () => {
    const julyDay = await julyWeeks(session.server.url, accounts.HRAdmin);
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
