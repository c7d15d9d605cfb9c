import type { Locator, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { expect, useSession } from './harness';
import { accounts } from './accounts';
import { fillDate } from './dates';
import { freeWeekAhead, julyWeeks, todayInKualaLumpur } from './leave-api';
import {
  addDays,
  apply,
  APPROVAL,
  decide,
  mondayOf,
  MY_LEAVES,
  shownDate,
  STAFF_MOVEMENT,
  staff,
  statusOf,
} from './leave-steps';
import { checkScreens, DESKTOP, PHONE } from './screens';

/**
 * The demo's requests reach about ten weeks ahead (apps/server/src/seed/demo-leave.ts); the
 * calendar flows use the first week after them with no public holiday from Monday to Friday.
 * That stays well inside the iCal feeds' year ahead, whatever the date the tests run.
 */
const WEEKS_AHEAD = 11;

/** "Mon 08 Feb", as the calendar heads its days. */
function dayHead(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
  return `${weekday} ${shownDate(date).slice(0, 6)}`;
}

/** The cell of the week grid for a person (its row header) and a day of the week (0 = Monday). */
function gridCell(page: Page, monday: string, person: string, day: number): Locator {
  const grid = page.getByRole('table', {
    name: `Who is away, ${shownDate(monday)} – ${shownDate(addDays(monday, 6))}`,
  });
  return grid
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: person, exact: true }) })
    .getByRole('cell')
    .nth(day);
}

const DAY_MS = 86_400_000;

/**
 * On the staff movement page, which opens on today's week: steps forward to the week of
 * `monday`, and returns the day the view is anchored on (today's weekday in that week).
 */
async function showWeekOf(page: Page, monday: string): Promise<string> {
  const today = todayInKualaLumpur();
  const weeks = (Date.parse(monday) - Date.parse(mondayOf(today))) / (7 * DAY_MS);
  for (let i = 0; i < weeks; i += 1) await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByText(`${shownDate(monday)} – ${shownDate(addDays(monday, 6))}`, { exact: true }).waitFor();
  return addDays(today, 7 * weeks);
}

describe('staff movement, acting approvers and calendar feeds', () => {
  const { session, openAs: as } = useSession();

  it('an approver names an acting approver, who decides her staff’s requests until she removes them', async () => {
    const julyDay = await julyWeeks(session.server.url, accounts.HRAdmin);
    const today = todayInKualaLumpur();
    const until = addDays(today, 7);

    // Tan Mei Ling names Muhammad Hafiz for the week from today.
    let page = await as(staff.tan.email, APPROVAL);
    const panel = page.getByRole('region', { name: 'Acting approver' });
    await panel.getByText('You have named nobody.').waitFor();
    // Her queue has the demo's requests of her staff.
    await page.getByRole('checkbox', { name: 'Select all' }).waitFor();
    await checkScreens(page, 'leave-approval-acting-approver');
    await panel.getByRole('combobox', { name: 'Acting approver' }).fill('Hafiz');
    await page.getByRole('option', { name: 'Muhammad Hafiz (HR)' }).click();
    await fillDate(panel.getByLabel(/^From/), today);
    await fillDate(panel.getByLabel(/^To/), until);
    await panel.getByRole('button', { name: 'Add' }).click();
    await page
      .getByText(`Muhammad Hafiz is your acting approver from ${shownDate(today)} to ${shownDate(until)}.`)
      .waitFor();
    const mine = panel.getByRole('list', { name: 'Your acting approvers' });
    await expect.poll(() => mine.textContent()).toContain(`Muhammad Hafiz, ${shownDate(today)} – ${shownDate(until)}`);
    expect(await mine.textContent()).toContain('Active now');

    // Priya Nair, whose approver is Tan Mei Ling, applies twice meanwhile.
    page = await as(staff.priya.email, MY_LEAVES);
    const first = await apply(page, {
      type: 'Annual Leave',
      start: julyDay(2),
      reason: 'Convocation',
      expectDays: '1',
    });
    const second = await apply(page, { type: 'Annual Leave', start: julyDay(4), reason: 'Open day', expectDays: '1' });

    // The acting approver sees them in his queue, says for whom he acts, and approves one.
    page = await as(staff.hafiz.email, APPROVAL);
    await page.getByText(first).first().waitFor();
    await page.getByText(second).first().waitFor();
    const actingFor = page.getByRole('list', { name: 'You are acting approver for' });
    expect(await actingFor.textContent()).toContain(`Tan Mei Ling, ${shownDate(today)} – ${shownDate(until)}`);
    await checkScreens(page, 'leave-approval-as-acting-approver');
    await decide(page, first, 'Approve', 'Approved while Puan Tan is away.');

    page = await as(staff.priya.email, MY_LEAVES);
    await expect.poll(() => statusOf(page, first)).toBe('APPROVED');
    expect(await statusOf(page, second)).toBe('PENDING');

    // Tan Mei Ling removes the delegation: the other request is hers alone again.
    page = await as(staff.tan.email, APPROVAL);
    // Her queue first, as she reads it: the panel under it moves down as the queue comes in, and a
    // click while it moves can land beside the button (seen once on a loaded machine).
    await page.getByText(second).first().waitFor();
    await page.getByRole('button', { name: 'Remove Muhammad Hafiz as acting approver' }).click();
    await page.getByText('The acting approver is removed.').waitFor();
    await page.getByRole('region', { name: 'Acting approver' }).getByText('You have named nobody.').waitFor();
    expect(await page.getByText(first).count()).toBe(0);

    page = await as(staff.hafiz.email, APPROVAL);
    await page.getByText('No requests are waiting for you.').waitFor();
    await page.getByRole('region', { name: 'Acting approver' }).getByText('You have named nobody.').waitFor();
    expect(await page.getByText(second).count()).toBe(0);
    expect(await page.getByRole('list', { name: 'You are acting approver for' }).count()).toBe(0);
    await checkScreens(page, 'leave-approval-empty');
    expect(session.errors).toEqual([]);
  });

  it('shows the department’s approved and pending leave by week and day; staff record and delete their movements', async () => {
    const monday = await freeWeekAhead(session.server.url, staff.hafiz.email, WEEKS_AHEAD);

    // Priya Nair asks for Tuesday and Wednesday (pending); Muhammad Hafiz for Thursday, approved.
    let page = await as(staff.priya.email, MY_LEAVES);
    await apply(page, {
      type: 'Annual Leave',
      start: addDays(monday, 1),
      end: addDays(monday, 2),
      reason: 'Sister’s wedding',
      expectDays: '2',
    });
    page = await as(staff.hafiz.email, MY_LEAVES);
    const approved = await apply(page, {
      type: 'Annual Leave',
      start: addDays(monday, 3),
      reason: 'Parents’ anniversary',
      expectDays: '1',
    });
    page = await as(staff.tan.email, APPROVAL);
    await decide(page, approved, 'Approve', 'Enjoy.');

    // Muhammad Hafiz looks at the week of his department.
    page = await as(staff.hafiz.email, STAFF_MOVEMENT);
    const anchor = await showWeekOf(page, monday);
    const priyaTuesday = gridCell(page, monday, staff.priya.name, 1);
    await expect.poll(() => priyaTuesday.textContent()).toContain('Annual Leave');
    expect(await priyaTuesday.textContent()).toContain('PENDING');
    expect(await gridCell(page, monday, staff.priya.name, 2).textContent()).toContain('PENDING');
    expect(await gridCell(page, monday, staff.priya.name, 3).textContent()).toBe('');
    const hafizThursday = gridCell(page, monday, staff.hafiz.name, 3);
    expect(await hafizThursday.textContent()).toContain('Annual Leave');
    expect(await hafizThursday.textContent()).toContain('APPROVED');

    // He records two days outstation, Monday to Tuesday.
    await page.getByRole('button', { name: 'Record my movement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record my movement' });
    await dialog.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Outstation' });
    await dialog.getByLabel(/^From/).fill(`${monday}T08:30`);
    await dialog.getByLabel(/^To/).fill(`${addDays(monday, 1)}T17:00`);
    await dialog.getByLabel(/^Purpose/).fill('Audit of the Penang branch');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your movement is recorded.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const hafizMonday = gridCell(page, monday, staff.hafiz.name, 0);
    await expect.poll(() => hafizMonday.textContent()).toContain('Outstation');
    expect(await hafizMonday.textContent()).toContain('Audit of the Penang branch');
    expect(await hafizMonday.textContent()).toContain('08:30');
    expect(await gridCell(page, monday, staff.hafiz.name, 1).textContent()).toContain('Outstation');
    expect(await gridCell(page, monday, staff.hafiz.name, 2).textContent()).toBe('');
    await checkScreens(page, 'staff-movement-week');

    // On a phone the week is a list of days, each naming who is away.
    await page.setViewportSize(PHONE);
    const tuesday = page.getByRole('region', { name: dayHead(addDays(monday, 1)) });
    await expect.poll(() => tuesday.textContent()).toContain(`${staff.priya.name} · Annual Leave`);
    expect(await tuesday.textContent()).toContain(`${staff.hafiz.name} · Outstation`);
    expect(await page.getByRole('region', { name: dayHead(addDays(monday, 4)) }).textContent()).toContain(
      'Everyone is in.',
    );
    await page.setViewportSize(DESKTOP);

    // The day view: one day at a time, from the day in view to Tuesday.
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await page.getByText(shownDate(anchor), { exact: true }).waitFor();
    const tuesdayDate = addDays(monday, 1);
    const step = tuesdayDate < anchor ? 'Previous day' : 'Next day';
    for (let i = 0; i < Math.abs(Date.parse(tuesdayDate) - Date.parse(anchor)) / DAY_MS; i += 1) {
      await page.getByRole('button', { name: step }).click();
    }
    await page.getByText(shownDate(tuesdayDate), { exact: true }).waitFor();
    const dayGrid = page.getByRole('table', { name: `Who is away, ${shownDate(tuesdayDate)}` });
    const priyaRow = dayGrid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: staff.priya.name }) });
    await expect.poll(() => priyaRow.textContent()).toContain('PENDING');
    expect(
      await dayGrid
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: staff.hafiz.name }) })
        .textContent(),
    ).toContain('Outstation');
    expect(await dayGrid.getByRole('columnheader').allTextContents()).toEqual(['Staff', dayHead(tuesdayDate)]);
    await checkScreens(page, 'staff-movement-day');

    // He deletes the movement: gone from every day.
    await page.getByRole('button', { name: /^Delete my movement: Outstation/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this movement?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Your movement is deleted.').waitFor();
    await expect.poll(() => page.getByText('Audit of the Penang branch').count()).toBe(0);
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    // The week was shown before the deletion: it is fetched again, without the movement.
    await expect.poll(() => gridCell(page, monday, staff.hafiz.name, 0).textContent()).toBe('');
    expect(await gridCell(page, monday, staff.priya.name, 1).textContent()).toContain('PENDING');
    expect(session.errors).toEqual([]);
  });

  it('creates a private iCal address that calendar programs read without signing in, and revokes it', async () => {
    // Tan Mei Ling (HRAdmin) is the only one of her department, and away in no other flow here.
    const monday = await freeWeekAhead(session.server.url, staff.tan.email, WEEKS_AHEAD);
    let page = await as(staff.tan.email, MY_LEAVES);
    const referenceId = await apply(page, {
      type: 'Annual Leave',
      start: addDays(monday, 1),
      end: addDays(monday, 2),
      reason: 'Deepavali open house',
      expectDays: '2',
    });

    page = await as(staff.tan.email, STAFF_MOVEMENT);
    const feeds = page.getByRole('region', { name: 'Calendar feeds' });
    const mine = feeds.getByRole('listitem', { name: 'My leave' });
    await mine.getByText('No address yet.').waitFor();
    await mine.getByRole('button', { name: 'Create address' }).click();
    await page.getByText('A new private address is ready.').waitFor();
    const address = mine.getByRole('textbox', { name: 'Address for My leave' });
    await address.waitFor();
    const url = await address.inputValue();
    expect(url).toMatch(new RegExp(`^${session.server.url}/api/leave/ical/[A-Za-z0-9_-]{43}\\.ics$`));

    const department = feeds.getByRole('listitem', { name: 'Who is away in HRAdmin' });
    await department.getByRole('button', { name: 'Create address' }).click();
    const departmentAddress = department.getByRole('textbox', { name: 'Address for Who is away in HRAdmin' });
    await departmentAddress.waitFor();
    await checkScreens(page, 'staff-movement-feeds');

    // A calendar program fetches the address: no token, an iCalendar with the pending leave.
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
    const calendar = (await response.text()).replace(/\r\n[ \t]/g, '');
    expect(calendar.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(calendar.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    const event = calendar.split('BEGIN:VEVENT').find((block) => block.includes(`UID:${referenceId}@staff-portal`));
    expect(event, calendar).toBeDefined();
    const compact = (date: string) => date.replaceAll('-', '');
    expect(event).toContain(`DTSTART;VALUE=DATE:${compact(addDays(monday, 1))}`);
    // All-day events end on the day after the last one (RFC 5545).
    expect(event).toContain(`DTEND;VALUE=DATE:${compact(addDays(monday, 3))}`);
    expect(event).toContain('SUMMARY:Annual Leave (PENDING)');
    expect(event).toContain('STATUS:TENTATIVE');

    const departmentCalendar = await (await fetch(await departmentAddress.inputValue())).text();
    expect(departmentCalendar).toContain(`SUMMARY:${staff.tan.name}: Annual Leave (PENDING)`);

    // Revoked: the address answers 404 at once; the department's still works.
    await mine.getByRole('button', { name: 'Revoke the address for My leave' }).click();
    await page.getByText('The address is revoked and no longer works.').waitFor();
    await mine.getByText('No address yet.').waitFor();
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(await departmentAddress.inputValue())).status).toBe(200);
    expect(session.errors).toEqual([]);
  });
});
