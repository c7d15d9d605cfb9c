import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { accounts } from './accounts';
import { expect, useSession } from './harness';
import { holidayDates, idTokenOf, todayInKualaLumpur } from './leave-api';
import { addDays, mondayOf, openAs, staff } from './leave-steps';
import { checkScreen, checkScreens } from './screens';

const TEAM_SPACE = '/team-space';
/** The narrowest phone the team space is laid out for (docs/product/qualities.md §3). */
const SMALL_PHONE = { width: 375, height: 812 };

/** A call to the API as a demo account, as the page's own calls are made; fails the test unless it answers `expected`. */
async function api(serverUrl: string, email: string, path: string, body: object, expected = 201) {
  const response = await fetch(`${serverUrl}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await idTokenOf(serverUrl, email)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== expected)
    throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * A weekday of this week other than today with no public holiday: a day leave can be asked for
 * (the demo's own requests are weeks away from today: apps/server/src/seed/demo-leave.ts).
 */
async function otherWorkingDayThisWeek(serverUrl: string, today: string): Promise<string> {
  const token = await idTokenOf(serverUrl, staff.hafiz.email);
  const monday = mondayOf(today);
  const years = [...new Set([monday, addDays(monday, 4)].map((d) => Number(d.slice(0, 4))))];
  const holidays = new Set<string>();
  for (const year of years) for (const date of await holidayDates(serverUrl, token, year)) holidays.add(date);
  const day = [0, 1, 2, 3, 4].map((n) => addDays(monday, n)).find((d) => d !== today && !holidays.has(d));
  if (day === undefined) throw new Error(`No working day this week besides ${today}`);
  return day;
}

/** The rows of the people table, each as its cells' text (the name is the row's header). */
async function peopleRows(page: Page): Promise<string[][]> {
  const rows = page.getByRole('table', { name: 'People' }).getByRole('row');
  const texts: string[][] = [];
  for (const row of (await rows.all()).slice(1)) texts.push(await row.locator('th, td').allTextContents());
  return texts;
}

describe('team space', () => {
  const { open, session } = useSession();
  const as = (email: string, pathname: string) => openAs(open, email, pathname);

  it('shows a member of staff their department’s people and who of them is away; an admin filters by department', async () => {
    const server = session.server.url;
    const today = todayInKualaLumpur();
    const leaveDay = await otherWorkingDayThisWeek(server, today);
    // Priya Nair is outstation all today; Muhammad Hafiz asks for a day of leave this week,
    // still pending; Ravi Chandran (the organisation's own department) has a meeting today.
    await api(server, staff.priya.email, '/leave/movements', {
      kind: 'outstation',
      startsAt: `${today}T08:00:00+08:00`,
      endsAt: `${today}T18:00:00+08:00`,
      purpose: 'Branch audit in Ipoh',
    });
    await api(server, staff.hafiz.email, '/leave/requests', {
      leaveTypeId: 'LVE0001',
      startDate: leaveDay,
      endDate: leaveDay,
      reason: 'Family day',
    });
    // Ravi is in HR's group only to use the leave pages; his department is UNION.
    await api(server, staff.ravi.email, '/leave/movements', {
      kind: 'meeting',
      startsAt: `${today}T10:00:00+08:00`,
      endsAt: `${today}T11:00:00+08:00`,
      purpose: 'Union council',
    });

    // Muhammad Hafiz (HR) sees HR only.
    let page = await as(staff.hafiz.email, TEAM_SPACE);
    await page.getByRole('heading', { level: 1, name: 'Team Space' }).waitFor();
    await page.getByRole('table', { name: 'People' }).waitFor();
    expect(await peopleRows(page)).toEqual([
      [`${staff.hafiz.name}You`, 'hr@staffportal.example'],
      [staff.priya.name, 'hr2@staffportal.example'],
    ]);
    expect(await page.getByText('2 people').count()).toBe(1);
    expect(await page.getByRole('combobox', { name: 'Department' }).count()).toBe(0);

    const awayToday = page.getByRole('region', { name: 'Away today' });
    await expect.poll(() => awayToday.textContent()).toContain(`${staff.priya.name}Outstation`);
    expect(await awayToday.textContent()).not.toContain(staff.ravi.name);
    // The purpose stays on the staff movement page.
    expect(await page.getByText('Branch audit in Ipoh').count()).toBe(0);
    const awayThisWeek = page.getByRole('region', { name: 'Also away this week' });
    const pending = awayThisWeek.getByRole('listitem').filter({ hasText: staff.hafiz.name });
    expect(await pending.textContent()).toContain('Annual Leave');
    expect(await pending.textContent()).toContain('PENDING');
    expect(await pending.getAttribute('data-pending')).toBe('true');
    await checkScreens(page, 'team-space-member');
    await page.setViewportSize(SMALL_PHONE);
    const cards = page.getByRole('list', { name: 'People' });
    await cards.waitFor();
    expect(await cards.getByRole('listitem').count()).toBe(2);
    await checkScreen(page, 'team-space-member');

    // HR may open the staff movement page, so the lists lead there.
    await page.getByRole('link', { name: 'Open Staff Movement' }).click();
    await page.getByRole('heading', { level: 1, name: 'Staff Movement' }).waitFor();
    expect(session.errors).toEqual([]);

    // Tan Mei Ling (HRAdmin) sees every department, and picks HR.
    page = await as(staff.tan.email, TEAM_SPACE);
    const table = page.getByRole('table', { name: 'People' });
    await table.waitFor();
    await page.getByText('7 people').waitFor();
    expect(await table.getByRole('columnheader', { name: 'Department' }).count()).toBe(1);
    const everyoneToday = page.getByRole('region', { name: 'Away today' });
    await expect.poll(() => everyoneToday.textContent()).toContain(`${staff.ravi.name} · UNION`);
    expect(await everyoneToday.textContent()).toContain(`${staff.priya.name} · HR`);
    await checkScreens(page, 'team-space-admin');

    await page.getByRole('combobox', { name: 'Department' }).selectOption('HR');
    await page.getByText('2 people').waitFor();
    await expect
      .poll(() => peopleRows(page))
      .toEqual([
        [staff.hafiz.name, 'hr@staffportal.example'],
        [staff.priya.name, 'hr2@staffportal.example'],
      ]);
    await expect.poll(() => everyoneToday.textContent()).not.toContain(staff.ravi.name);
    expect(await everyoneToday.textContent()).toContain(`${staff.priya.name}Outstation`);
    // The department is in the address, so the filtered list can be shared or reloaded.
    expect(new URL(page.url()).searchParams.get('department')).toBe('HR');
    await checkScreens(page, 'team-space-admin-hr');
    expect(session.errors).toEqual([]);
  }, 180_000);

  it('searches by name or e-mail, and shows the same screen for claims', async () => {
    const page = await as(staff.tan.email, '/shared/hr-services/claims');
    await page.getByRole('heading', { level: 1, name: 'Team Space' }).waitFor();
    await page.getByRole('searchbox', { name: 'Name or e-mail' }).fill('IRADMIN@');
    await expect
      .poll(() => peopleRows(page))
      .toEqual([[staff.lim.name, 'Industrial Relations (admin) (IRAdmin)', 'iradmin@staffportal.example']]);
    await page.getByRole('searchbox', { name: 'Name or e-mail' }).fill('nobody at all');
    await page.getByText('Nobody matches “nobody at all”.').waitFor();
    await checkScreens(page, 'team-space-no-match');
    expect(session.errors).toEqual([]);
  });

  it('explains to someone with no staff record why there is nobody to show', async () => {
    const page = await as(accounts.CLUB, TEAM_SPACE);
    await page.getByText('No staff record yet').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    // CLUB may not open the staff movement page: no link to it.
    expect(await page.getByRole('link', { name: 'Open Staff Movement' }).count()).toBe(0);
    await checkScreens(page, 'team-space-no-staff-record');
    expect(session.errors).toEqual([]);
  });
});
