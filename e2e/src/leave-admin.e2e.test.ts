import fs from 'node:fs';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Locator, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { accounts, DEMO_PASSWORD, INVITED } from './accounts';
import { fillDate } from './dates';
import { expect, useSession } from './harness';
import { idTokenOf, julyWeeks, todayInKualaLumpur } from './leave-api';
import {
  addDays,
  APPROVAL,
  decide,
  HISTORY,
  LEAVE_ADMIN,
  MY_LEAVES,
  shownDate,
  STAFF_MOVEMENT,
  staff,
  YEAR,
} from './leave-steps';
import { checkScreens } from './screens';
import { signIn, submitSignIn } from './sign-in';

/**
 * E-Leave administration (docs/product/screens.md: LeaveAdminPage, UpdateLeaveUserPage; §5a carry-forward
 * and reports). Each flow works on its own staff member or leave type, so none sees another's
 * changes: the record of Nurul Izzah, the balances of Lim Wei Jie this year, the requests of
 * Ravi Chandran and Lim Wei Jie next year, Study Leave, Annual Leave's carry-forward cap.
 */
const THIS_YEAR = Number(todayInKualaLumpur().slice(0, 4));
const UNAUTHORIZED =
  'You do not have permission to access this page. Please contact your administrator if you believe this is an error.';

const recordOf = (staffId: string) => `${LEAVE_ADMIN}/${staffId}`;
/** The password the invited account chooses at its first sign-in. */
const NEW_PASSWORD = 'Merbau-2026-baru!';

/** A number as the balance table shows it ("12", "1.5", "-2"). */
const numberIn = async (cell: Locator) => Number(/-?[\d.]+/.exec((await cell.textContent()) ?? '')?.[0]);

/** The cells of a leave type's row in the balances table of a staff record. */
function balanceRow(page: Page, type: string) {
  const row = page
    .getByRole('table', { name: 'Entitlements and adjustments' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: type, exact: true }) });
  const cell = (index: number) => row.getByRole('cell').nth(index);
  return {
    row,
    entitled: cell(1),
    carried: cell(2),
    adjustments: cell(3),
    available: cell(7),
    async values() {
      return {
        entitled: await numberIn(cell(1)),
        carried: await numberIn(cell(2)),
        adjustments: await numberIn(cell(3)),
        taken: await numberIn(cell(4)),
        booked: await numberIn(cell(5)),
        pending: await numberIn(cell(6)),
        available: await numberIn(cell(7)),
      };
    },
  };
}

/** The status chip of a request in the staff record's list. */
async function statusIn(page: Page, referenceId: string): Promise<string> {
  const row = page.getByRole('table', { name: 'Their requests' }).getByRole('row').filter({ hasText: referenceId });
  await row.waitFor();
  return (await row.locator('.MuiChip-label').textContent()) ?? '';
}

/** Applies on the staff member's behalf from their record page; returns the reference id. */
async function applyFor(
  page: Page,
  name: string,
  application: { type: string; start: string; end: string; reason: string },
): Promise<string> {
  await page.getByRole('button', { name: 'Apply on their behalf' }).click();
  const dialog = page.getByRole('dialog', { name: `Apply for leave for ${name}` });
  await dialog.getByRole('combobox', { name: 'Leave type' }).selectOption({ label: application.type });
  await fillDate(dialog.getByLabel('Start date'), application.start);
  await fillDate(dialog.getByLabel('End date'), application.end);
  await dialog.getByLabel('Reason').fill(application.reason);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const notice = page.getByText(new RegExp(`^Request LV\\d{18} submitted for ${name}\\.$`));
  await notice.waitFor();
  await dialog.waitFor({ state: 'detached' });
  return /LV\d{18}/.exec((await notice.textContent()) ?? '')![0];
}

describe('the E-Leave administration', () => {
  const { open, session, openAs: as } = useSession();

  it('finds staff by name and department, and saves a staff record’s approver, join date and working days', async () => {
    const page = await as(accounts.HRAdmin, LEAVE_ADMIN);
    const table = page.getByRole('table', { name: 'Staff' });
    const names = () => table.getByRole('link').allTextContents();
    await expect.poll(names).toContain(staff.priya.name);
    expect((await names()).length).toBeGreaterThanOrEqual(7);
    await checkScreens(page, 'leave-admin-staff');

    const search = page.getByRole('searchbox', { name: 'Search by name, e-mail or staff id' });
    await search.fill('priya');
    await expect.poll(names).toEqual([staff.priya.name]);
    await search.fill('');
    await page.getByRole('combobox', { name: 'Department' }).selectOption('IR');
    await expect.poll(names).toEqual([staff.nurul.name]);
    expect(new URL(page.url()).searchParams.get('department')).toBe('IR');
    await search.fill('nobody of that name');
    await page.getByText('No staff records match.').waitFor();
    await checkScreens(page, 'leave-admin-staff-empty');
    await search.fill('');

    await table.getByRole('link', { name: `Open the record of ${staff.nurul.name}` }).click();
    await page.waitForURL((url) => url.pathname === recordOf(staff.nurul.id));
    const form = page.getByRole('form', { name: 'Record' });
    await form.getByText(staff.nurul.id).waitFor();
    await page.getByRole('table', { name: 'Entitlements and adjustments' }).waitFor();
    await checkScreens(page, 'leave-admin-record');

    // Her approver becomes Tan Mei Ling, her join date moves, and she works Saturdays too.
    const approver = form.getByRole('combobox', { name: 'Approver' });
    expect(await approver.inputValue()).toBe(`${staff.lim.name} (${staff.lim.id})`);
    await approver.fill('Tan');
    await page.getByRole('option', { name: `${staff.tan.name} (${staff.tan.id})` }).click();
    await fillDate(form.getByLabel('Join date'), '2019-08-01');
    await form.getByRole('checkbox', { name: 'SAT' }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();

    await page.reload();
    await form.getByText(staff.nurul.id).waitFor();
    await expect.poll(() => approver.inputValue()).toBe(`${staff.tan.name} (${staff.tan.id})`);
    expect(await form.getByLabel('Join date').inputValue()).toBe('01/08/2019');
    const checked = async (day: string) => form.getByRole('checkbox', { name: day }).isChecked();
    expect(await checked('SAT')).toBe(true);
    expect(await checked('SUN')).toBe(false);
    expect(await checked('MON')).toBe(true);

    // The list shows the new approver too.
    await page.getByRole('link', { name: 'Back to E-Leave System Admin' }).click();
    await page.getByRole('searchbox', { name: 'Search by name, e-mail or staff id' }).fill('Nurul');
    const row = page.getByRole('table', { name: 'Staff' }).getByRole('row').filter({ hasText: staff.nurul.id });
    await expect.poll(() => row.textContent()).toContain(staff.tan.name);
    expect(session.errors).toEqual([]);
  });

  it('adds a staff record for an account that has none, which then uses E-Leave', async () => {
    // The invited account sets its password and finds no leave record: said once, calmly.
    let page = await open(MY_LEAVES);
    await submitSignIn(page, INVITED, DEMO_PASSWORD);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change Password', exact: true }).click();
    await page.getByText('No staff leave record yet').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Apply for leave' }).count()).toBe(0);

    // An HR admin adds the record, picking that account.
    page = await as(accounts.HRAdmin, LEAVE_ADMIN);
    await page.getByRole('button', { name: 'Add a staff record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a staff record' });
    await dialog.getByRole('combobox', { name: 'Their portal account (optional)' }).fill('newstaff');
    await page.getByRole('option', { name: `New Staff Member (${INVITED})` }).click();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe(INVITED);
    await dialog.getByRole('combobox', { name: 'Department' }).selectOption('HR');
    await dialog.getByRole('combobox', { name: 'Approver' }).fill('Tan');
    await page.getByRole('option', { name: `${staff.tan.name} (${staff.tan.id})` }).click();
    await fillDate(dialog.getByLabel('Join date'), `${THIS_YEAR - 1}-06-02`);
    await checkScreens(page, 'leave-admin-add-staff');
    await dialog.getByRole('button', { name: 'Add record' }).click();
    const added = page.getByText(/^Staff record LVUSR\d{10} added for New Staff Member\.$/);
    await added.waitFor();
    const staffId = /LVUSR\d{10}/.exec((await added.textContent()) ?? '')![0];
    await page.waitForURL((url) => url.pathname === recordOf(staffId));
    await page.getByText(/^Linked to account /).waitFor();

    // Their leave pages work now.
    page = await open(MY_LEAVES);
    await signIn(page, INVITED, NEW_PASSWORD);
    await page.getByRole('heading', { name: 'Apply for leave' }).waitFor();
    expect(await page.getByText('No staff leave record yet').count()).toBe(0);
    expect(session.errors).toEqual([]);
  });

  it('overrides an entitlement and adds an adjustment with its reason; the balance follows', async () => {
    const page = await as(accounts.HRAdmin, recordOf(staff.lim.id));
    const annual = balanceRow(page, 'Annual Leave');
    await annual.row.waitFor();
    const before = await annual.values();
    // Lim Wei Jie joined in 2016: over five years of service, 16 days.
    expect(before.entitled).toBe(16);

    await page.getByRole('button', { name: 'Edit Annual Leave' }).click();
    const dialog = page.getByRole('dialog', { name: `Annual Leave, ${THIS_YEAR}` });
    await dialog.getByLabel('Entitled days').fill('20');
    await checkScreens(page, 'leave-admin-entitlement-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => numberIn(annual.entitled)).toBe(20);
    expect(await annual.entitled.textContent()).toContain('set by an admin');
    expect(await numberIn(annual.available)).toBe(before.available + 4);

    const adjustment = page.getByRole('form', { name: 'Add an adjustment' });
    await adjustment.getByRole('combobox', { name: 'Leave type' }).selectOption({ label: 'Annual Leave' });
    await adjustment.getByLabel('Days (+ or −, halves allowed)').fill('1.5');
    await adjustment.getByLabel('Reason').fill('Worked at the union conference on a Saturday');
    await adjustment.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Adjustment added.').waitFor();
    await expect.poll(() => numberIn(annual.adjustments)).toBe(before.adjustments + 1.5);
    expect(await numberIn(annual.available)).toBe(before.available + 4 + 1.5);
    const entry = page.getByRole('listitem').filter({ hasText: 'Worked at the union conference on a Saturday' });
    expect(await entry.textContent()).toContain('+1.5 days · Annual Leave');

    // Kept after a reload.
    await page.reload();
    await annual.row.waitFor();
    expect(await annual.values()).toEqual({
      ...before,
      entitled: 20,
      adjustments: before.adjustments + 1.5,
      available: before.available + 5.5,
    });
    await checkScreens(page, 'leave-admin-record-balances');
    expect(session.errors).toEqual([]);
  });

  it('applies and cancels leave on a staff member’s behalf', async () => {
    const julyDay = await julyWeeks(session.server.url, accounts.HRAdmin);
    // Aisyah Rahman (ITAdmin) administers for Ravi Chandran.
    let page = await as(accounts.ITAdmin, recordOf(staff.ravi.id));
    await page.getByRole('combobox', { name: 'Year' }).selectOption(String(YEAR));
    const pending = await applyFor(page, staff.ravi.name, {
      type: 'Annual Leave',
      start: julyDay(1),
      end: julyDay(2),
      reason: 'Hospital visit with his father',
    });
    await expect.poll(() => statusIn(page, pending)).toBe('PENDING');
    const approved = await applyFor(page, staff.ravi.name, {
      type: 'Annual Leave',
      start: julyDay(4),
      end: julyDay(4),
      reason: 'School sports day',
    });
    await checkScreens(page, 'leave-admin-record-requests');

    // A pending request is cancelled at once.
    await page.getByRole('button', { name: `Cancel ${pending} for them` }).click();
    let dialog = page.getByRole('dialog', { name: `Cancel request ${pending}?` });
    await dialog.getByText('The pending request will be cancelled at once.').waitFor();
    await dialog.getByLabel(/^Remarks/).fill('He called: no longer needed');
    await dialog.getByRole('button', { name: 'Cancel for them' }).click();
    await page.getByText(`Request ${pending} updated.`).waitFor();
    await expect.poll(() => statusIn(page, pending)).toBe('CANCELLED');
    expect(await page.getByRole('button', { name: `Cancel ${pending} for them` }).count()).toBe(0);

    // An approved one goes to his approver as a cancellation.
    page = await as(staff.tan.email, APPROVAL);
    await decide(page, approved, 'Approve', 'Fine.');
    page = await as(accounts.ITAdmin, `${recordOf(staff.ravi.id)}?year=${YEAR}`);
    await expect.poll(() => statusIn(page, approved)).toBe('APPROVED');
    await page.getByRole('button', { name: `Cancel ${approved} for them` }).click();
    dialog = page.getByRole('dialog', { name: `Cancel request ${approved}?` });
    await dialog.getByText('The approved request goes to its approver as a cancellation to decide.').waitFor();
    await dialog.getByLabel(/^Remarks/).fill('Sports day postponed');
    await dialog.getByRole('button', { name: 'Cancel for them' }).click();
    await page.getByText(`Request ${approved} updated.`).waitFor();
    await expect.poll(() => statusIn(page, approved)).toBe('PENDING CANCELLATION');

    page = await as(staff.tan.email, APPROVAL);
    const card = page.getByRole('listitem').filter({ hasText: approved });
    await expect.poll(() => card.textContent()).toContain('Cancellation request');
    expect(session.errors).toEqual([]);
  });

  it('edits a leave type’s service-year tiers, rules and eligibility, kept after a reload', async () => {
    const page = await as(accounts.ITAdmin, `${LEAVE_ADMIN}?tab=types`);
    const row = page.getByRole('table', { name: 'Leave types' }).getByRole('row').filter({ hasText: 'LVE0011' });
    await expect.poll(() => row.textContent()).toContain('Study Leave');
    expect(await row.textContent()).toContain('Half day allowed');
    await checkScreens(page, 'leave-admin-types');

    await page.getByRole('button', { name: 'Edit Study Leave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit LVE0011' });
    await dialog.getByLabel('Default days a year').fill('6');
    await dialog.getByRole('button', { name: 'Add a tier' }).click();
    await dialog.getByLabel('Days', { exact: true }).nth(0).fill('5');
    await dialog.getByRole('button', { name: 'Add a tier' }).click();
    await dialog.getByLabel('From years').nth(1).fill('3');
    await dialog.getByLabel('Days', { exact: true }).nth(1).fill('8');
    await dialog.getByRole('checkbox', { name: 'Half day allowed' }).uncheck();
    await dialog.getByLabel('Who may take it').selectOption({ label: 'Women only' });
    await dialog.getByLabel('Months of service needed').fill('6');
    await checkScreens(page, 'leave-admin-type-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Study Leave saved.').waitFor();

    await page.reload();
    await expect.poll(() => row.textContent()).toContain('0+: 5 · 3+: 8');
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('6');
    expect(await row.textContent()).not.toContain('Half day allowed');
    expect(await row.textContent()).toContain("For women only, After 6 months' service");
    await page.getByRole('button', { name: 'Edit Study Leave' }).click();
    expect(await dialog.getByRole('checkbox', { name: 'Half day allowed' }).isChecked()).toBe(false);
    expect(await dialog.getByRole('checkbox', { name: 'Cancellable once approved' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(session.errors).toEqual([]);
  });

  it('imports a state’s public holidays for next year, and adds, edits and deletes one', async () => {
    const page = await as(accounts.HRAdmin, `${LEAVE_ADMIN}?tab=holidays`);
    const table = page.getByRole('table', { name: 'Public holidays' });
    await table.waitFor();
    await page.getByRole('combobox', { name: 'Year' }).selectOption(String(YEAR));
    await page.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Selangor' });
    await page.getByRole('button', { name: 'Import' }).click();
    const notice = page.getByText(new RegExp(`^\\d+ holidays of MY-10 imported for ${YEAR}\\.$`));
    await notice.waitFor();
    const imported = Number(/^\d+/.exec((await notice.textContent()) ?? '')![0]);
    expect(imported).toBeGreaterThan(10);
    const selangor = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'MY-10', exact: true }) });
    await expect.poll(() => selangor.count()).toBe(imported);
    expect(await selangor.filter({ hasText: "Sultan of Selangor's Birthday" }).textContent()).toContain(
      `11 Dec ${YEAR}`,
    );
    await checkScreens(page, 'leave-admin-holidays');

    // A one-off holiday on a Saturday in October: it moves no one's working days.
    const october = new Date(Date.UTC(YEAR, 9, 1));
    const saturday = addDays(`${YEAR}-10-01`, ((6 - october.getUTCDay() + 7) % 7) + 7);
    await page.getByRole('button', { name: 'Add a public holiday' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add a public holiday' });
    await fillDate(dialog.getByLabel('Date', { exact: true }), saturday);
    await dialog.getByRole('combobox', { name: 'Region' }).selectOption('MY-10');
    await dialog.getByLabel('Name').fill('Staff Portal Family Day');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const added = table.getByRole('row').filter({ hasText: 'Staff Portal Family Day' });
    await expect.poll(() => added.textContent()).toContain(shownDate(saturday));
    expect(await added.textContent()).toContain('MY-10');

    await page.getByRole('button', { name: 'Edit Staff Portal Family Day' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit the public holiday' });
    await fillDate(dialog.getByLabel('Date', { exact: true }), addDays(saturday, 7));
    await dialog.getByLabel('Name').fill('Staff Portal Family Day (moved)');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const moved = table.getByRole('row').filter({ hasText: 'Staff Portal Family Day (moved)' });
    await expect.poll(() => moved.textContent()).toContain(shownDate(addDays(saturday, 7)));
    expect(
      await table
        .getByRole('row')
        .filter({ hasText: shownDate(saturday) })
        .count(),
    ).toBe(0);

    await page.getByRole('button', { name: 'Delete Staff Portal Family Day (moved)' }).click();
    const confirm = page.getByRole('dialog', {
      name: `Delete Staff Portal Family Day (moved) (${shownDate(addDays(saturday, 7))})?`,
    });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Holiday deleted.').waitFor();
    await expect.poll(() => table.getByText('Staff Portal Family Day').count()).toBe(0);
    // Polled: until the dialog has faded out, the page behind it is hidden from the accessibility tree.
    await expect.poll(() => selangor.count()).toBe(imported);
    expect(session.errors).toEqual([]);
  });

  it('previews the year-end carry-forward with its cap, applies it, and reverses the run', async () => {
    // Annual Leave gets a cap of 5 days, expiring at the end of March.
    const page = await as(accounts.HRAdmin, `${LEAVE_ADMIN}?tab=types`);
    await page.getByRole('button', { name: 'Edit Annual Leave' }).click();
    const typeDialog = page.getByRole('dialog', { name: 'Edit LVE0001' });
    await typeDialog.getByLabel('Carry-forward cap (days)').fill('5');
    await typeDialog.getByLabel('Carried days expire on (MM-DD)').fill('03-31');
    await typeDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Annual Leave saved.').waitFor();

    await page.getByRole('tab', { name: 'Carry-forward' }).click();
    await page.getByRole('combobox', { name: 'From year' }).selectOption(String(THIS_YEAR));
    await page.getByText('No carry-forward has been applied yet.').waitFor();
    await page.getByRole('button', { name: 'Preview' }).click();
    const totals = page.getByText(/^\d+ balances, [\d.]+ days to carry$/);
    await totals.waitFor();
    const preview = page.getByRole('table', { name: 'Preview' });
    const rows = await preview
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
      .all();
    const values = await Promise.all(
      rows.map(async (row) => {
        const cells = await row.getByRole('cell').allTextContents();
        return { type: cells[2], available: Number(cells[3]), carried: Number(cells[4]), expires: cells[5] };
      }),
    );
    expect(values.length).toBeGreaterThanOrEqual(5);
    for (const value of values) {
      expect(value.type).toBe('Annual Leave');
      expect(value.carried).toBe(Math.min(5, value.available));
      expect(value.expires).toBe(`31 Mar ${THIS_YEAR + 1}`);
    }
    // Someone had more left than the cap: capped at 5.
    expect(values.some((value) => value.available > 5 && value.carried === 5)).toBe(true);
    const days = values.reduce((total, value) => total + value.carried, 0);
    expect(await totals.textContent()).toBe(`${values.length} balances, ${days} days to carry`);
    await checkScreens(page, 'leave-admin-carry-forward-preview');

    await page.getByRole('button', { name: `Apply to ${THIS_YEAR + 1}` }).click();
    const confirm = page.getByRole('dialog', { name: `Carry these days into ${THIS_YEAR + 1}?` });
    await confirm.getByRole('button', { name: `Apply to ${THIS_YEAR + 1}` }).click();
    await page.getByText(`Carry-forward applied: ${values.length} balances, ${days} days.`).waitFor();
    const run = page
      .getByRole('listitem')
      .filter({ hasText: `${THIS_YEAR} → ${THIS_YEAR + 1}: ${values.length} balances, ${days} days, applied` });
    await run.waitFor();
    await checkScreens(page, 'leave-admin-carry-forward-run');

    // Lim Wei Jie's next year now starts with carried days.
    const lim = await as(accounts.HRAdmin, `${recordOf(staff.lim.id)}?year=${THIS_YEAR + 1}`);
    const carried = balanceRow(lim, 'Annual Leave').carried;
    await expect.poll(() => carried.textContent()).toContain(`expires 31 Mar ${THIS_YEAR + 1}`);
    expect(await numberIn(carried)).toBeGreaterThan(0);

    // Reversed: the run says so and offers no second reversal; the carried days are gone.
    const again = await as(accounts.HRAdmin, `${LEAVE_ADMIN}?tab=carryForward`);
    const sameRun = again.getByRole('listitem').filter({ hasText: `${THIS_YEAR} → ${THIS_YEAR + 1}` });
    await sameRun.getByRole('button', { name: 'Reverse' }).click();
    await again
      .getByRole('dialog', {
        name: `Reverse the carry-forward from ${THIS_YEAR}? The previous carried days are restored.`,
      })
      .getByRole('button', { name: 'Reverse' })
      .click();
    await again.getByText('Carry-forward reversed.').waitFor();
    await expect.poll(() => sameRun.textContent()).toContain('reversed');
    expect(await sameRun.getByRole('button', { name: 'Reverse' }).count()).toBe(0);
    await again.goto(new URL(`${recordOf(staff.lim.id)}?year=${THIS_YEAR + 1}`, session.server.url).toString());
    const restored = balanceRow(again, 'Annual Leave').carried;
    await expect.poll(() => restored.textContent()).toBe('0');
    expect(session.errors).toEqual([]);
  });

  it('reports utilisation by department and type, downloaded as CSV and XLSX with the same numbers', async () => {
    const julyDay = await julyWeeks(session.server.url, accounts.HRAdmin);
    // Two days of Training Leave for Lim Wei Jie next year: the only Training Leave anyone has.
    let page = await as(accounts.HRAdmin, `${recordOf(staff.lim.id)}?year=${YEAR}`);
    await applyFor(page, staff.lim.name, {
      type: 'Training Leave',
      start: julyDay(1, 1),
      end: julyDay(2, 1),
      reason: 'Negotiation skills course',
    });

    page = await as(accounts.HRAdmin, `${LEAVE_ADMIN}?tab=reports`);
    await page.getByRole('combobox', { name: 'Year' }).selectOption(String(YEAR));
    const table = page.getByRole('table', { name: 'Utilisation by department and leave type' });
    const training = table.getByRole('row').filter({ hasText: 'Training Leave' });
    await expect
      .poll(() => training.getByRole('cell').allTextContents())
      .toEqual(['Industrial Relations (admin)', 'Training Leave', '1', '0', '2']);
    // Every row with cells but the total.
    const shown =
      (await table
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
        .count()) - 1;
    await checkScreens(page, 'leave-admin-reports');

    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(csvDownload.suggestedFilename()).toBe(`leave-utilisation-${YEAR}.csv`);
    const csv = Papa.parse<Record<string, string>>(
      fs.readFileSync(await csvDownload.path(), 'utf8').replace(/^\uFEFF/, ''),
      { header: true, skipEmptyLines: true },
    );
    expect(csv.errors).toEqual([]);
    // The server writes it in the workbook's columns, and audits the download.
    expect(csv.meta.fields).toEqual([
      'Department',
      'Department name',
      'Leave type id',
      'Leave type',
      'Staff',
      'Days taken',
      'Days pending',
    ]);
    expect(csv.data).toHaveLength(shown);
    expect(csv.data.filter((row) => row['Leave type id'] === 'LVE0015')).toEqual([
      {
        Department: 'IRAdmin',
        'Department name': 'Industrial Relations (admin)',
        'Leave type id': 'LVE0015',
        'Leave type': 'Training Leave',
        Staff: '1',
        'Days taken': '0',
        'Days pending': '2',
      },
    ]);

    const [xlsxDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download XLSX' }).click(),
    ]);
    expect(xlsxDownload.suggestedFilename()).toBe(`leave-utilisation-${YEAR}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsxDownload.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe(`Utilisation ${YEAR}`);
    const rows = (sheet.getSheetValues() as unknown[][]).filter(Boolean).map((row) => row.slice(1));
    expect(rows[0]).toEqual([
      'Department',
      'Department name',
      'Leave type id',
      'Leave type',
      'Staff',
      'Days taken',
      'Days pending',
    ]);
    expect(rows).toHaveLength(shown + 1);
    expect(rows.filter((row) => row[2] === 'LVE0015')).toEqual([
      ['IRAdmin', 'Industrial Relations (admin)', 'LVE0015', 'Training Leave', 1, 0, 2],
    ]);
    // The sheet and the CSV agree cell by cell, numbers as numbers.
    for (const [index, row] of csv.data.entries()) {
      const cells = rows[index + 1]!;
      expect(cells.slice(0, 4)).toEqual([
        row.Department,
        row['Department name'],
        row['Leave type id'],
        row['Leave type'],
      ]);
      expect(cells.slice(4)).toEqual([Number(row.Staff), Number(row['Days taken']), Number(row['Days pending'])]);
    }
    expect(session.errors).toEqual([]);
  });

  it('keeps the administration to HR and IT admins, and the leave pages from other departments', async () => {
    // HR staff may use the leave pages, not administer them.
    let page = await as(accounts.HR, MY_LEAVES);
    for (const path of [LEAVE_ADMIN, recordOf(staff.hafiz.id)]) {
      await page.goto(new URL(path, session.server.url).toString());
      await page.getByText(UNAUTHORIZED).waitFor();
      expect(new URL(page.url()).pathname, path).toBe('/unauthorized');
    }
    await checkScreens(page, 'leave-admin-unauthorized');
    // The API refuses them too, whatever the web app shows.
    const hrToken = await idTokenOf(session.server.url, accounts.HR);
    const refused = await fetch(`${session.server.url}/api/leave/admin/staff`, {
      headers: { authorization: `Bearer ${hrToken}` },
    });
    expect(refused.status).toBe(403);

    // The staff club has no leave pages at all.
    page = await as(accounts.CLUB, '/');
    for (const path of [MY_LEAVES, HISTORY, APPROVAL, STAFF_MOVEMENT, LEAVE_ADMIN]) {
      await page.goto(new URL(path, session.server.url).toString());
      await page.getByText(UNAUTHORIZED).waitFor();
      expect(new URL(page.url()).pathname, path).toBe('/unauthorized');
    }
    const clubToken = await idTokenOf(session.server.url, accounts.CLUB);
    const clubRefused = await fetch(`${session.server.url}/api/leave/me`, {
      headers: { authorization: `Bearer ${clubToken}` },
    });
    expect(clubRefused.status).toBe(403);
    expect(session.errors).toEqual([]);
  });
});
