import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { accounts } from './accounts';
import { expect, useSession } from './harness';
import { holidayDates, idTokenOf, todayInKualaLumpur } from './leave-api';
import { addDays, mondayOf, staff } from './leave-steps';
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

/** The demo's accounts in HR's group, and in HRAdmin's (which is in HR): apps/server/src/seed/demo-accounts.ts. */
const HR_PEOPLE = [
  ['Authenticator User', 'mfa@staffportal.example'],
  [staff.hafiz.name, staff.hafiz.email],
  ['New Staff Member', 'newstaff@staffportal.example'],
  ['Portal Super Admin', 'superadmin@staffportal.example'],
  [staff.priya.name, staff.priya.email],
  [staff.ravi.name, staff.ravi.email],
  [staff.tan.name, staff.tan.email],
  ['Text Message User', 'sms@staffportal.example'],
  ['Unconfirmed User', 'unconfirmed@staffportal.example'],
  ['Unverified Email User', 'unverified@staffportal.example'],
] as const;

describe('team space', () => {
  const { session, openAs: as } = useSession();

  it('shows a member of HR and of the organisation’s department the people of both and who of them is away; they pick one', async () => {
    const server = session.server.url;
    const today = todayInKualaLumpur();
    const leaveDay = await otherWorkingDayThisWeek(server, today);
    // Priya Nair is outstation all today; Muhammad Hafiz asks for a day of leave this week,
    // still pending; Ravi Chandran (the organisation's own department, and HR) has a meeting today.
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
    await api(server, staff.ravi.email, '/leave/movements', {
      kind: 'meeting',
      startsAt: `${today}T10:00:00+08:00`,
      endsAt: `${today}T11:00:00+08:00`,
      purpose: 'Union council',
    });

    // Ravi Chandran (UNION and HR) sees both departments, each person's named.
    let page = await as(staff.ravi.email, TEAM_SPACE);
    await page.getByRole('heading', { level: 1, name: 'Team Space' }).waitFor();
    await page.getByRole('table', { name: 'People' }).waitFor();
    await page.getByText('10 people', { exact: true }).waitFor();
    const rows = await peopleRows(page);
    expect(rows.map(([name]) => name)).toEqual(
      HR_PEOPLE.map(([name]) => (name === staff.ravi.name ? `${name}You` : name)),
    );
    expect(rows.find(([name]) => name === `${staff.ravi.name}You`)).toEqual([
      `${staff.ravi.name}You`,
      'Human Resources (HR), Organisation (UNION)',
      staff.ravi.email,
    ]);
    const awayToday = page.getByRole('region', { name: 'Away today' });
    await expect.poll(() => awayToday.textContent()).toContain(`${staff.priya.name} · HROutstation`);
    expect(await awayToday.textContent()).toContain(`${staff.ravi.name} · HR, UNIONMeeting`);
    // The purpose stays on the staff movement page.
    expect(await page.getByText('Branch audit in Ipoh').count()).toBe(0);
    const awayThisWeek = page.getByRole('region', { name: 'Also away this week' });
    const pending = awayThisWeek.getByRole('listitem').filter({ hasText: staff.hafiz.name });
    expect(await pending.textContent()).toContain('Annual Leave');
    expect(await pending.textContent()).toContain('PENDING');
    expect(await pending.getAttribute('data-pending')).toBe('true');
    // Who is away is known from E-Leave records: four of the ten have one.
    await page.getByText('Who is away is known for 4 of 10 people: those with an E-Leave record.').waitFor();
    await checkScreens(page, 'team-space-member');

    // The organisation's own department alone.
    await page.getByRole('combobox', { name: 'Department' }).selectOption('UNION');
    await page.getByText('1 person', { exact: true }).waitFor();
    await expect.poll(() => peopleRows(page)).toEqual([[`${staff.ravi.name}You`, staff.ravi.email]]);
    await expect.poll(() => awayToday.textContent()).not.toContain(staff.priya.name);
    expect(await awayToday.textContent()).toContain(`${staff.ravi.name}Meeting`);
    expect(new URL(page.url()).searchParams.get('department')).toBe('UNION');
    await checkScreens(page, 'team-space-one-department');
    expect(session.errors).toEqual([]);

    // Muhammad Hafiz (HR only): one department, no picker; on a phone, one card each.
    page = await as(staff.hafiz.email, TEAM_SPACE);
    await page.getByRole('table', { name: 'People' }).waitFor();
    await page.getByText('10 people', { exact: true }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Department' }).count()).toBe(0);
    await page.setViewportSize(SMALL_PHONE);
    const cards = page.getByRole('list', { name: 'People' });
    await cards.waitFor();
    expect(await cards.getByRole('listitem').count()).toBe(10);
    await checkScreen(page, 'team-space-member');

    // HR may open the staff movement page, so the lists lead there.
    await page.getByRole('link', { name: 'Open Staff Movement' }).click();
    await page.getByRole('heading', { level: 1, name: 'Staff Movement' }).waitFor();
    expect(session.errors).toEqual([]);
  });

  it('lets an HR admin pick any department, search it by name or e-mail, and shows the same screen for claims', async () => {
    const page = await as(staff.tan.email, '/shared/hr-services/claims');
    await page.getByRole('heading', { level: 1, name: 'Team Space' }).waitFor();
    await page.getByRole('table', { name: 'People' }).waitFor();
    await page.getByRole('combobox', { name: 'Department' }).selectOption('IRAdmin');
    await page.getByRole('searchbox', { name: 'Name or e-mail' }).fill('IRADMIN@');
    await expect.poll(() => peopleRows(page)).toEqual([[staff.lim.name, 'iradmin@staffportal.example']]);
    await page.getByRole('searchbox', { name: 'Name or e-mail' }).fill('nobody at all');
    await page.getByText('Nobody matches “nobody at all”.').waitFor();
    await checkScreens(page, 'team-space-no-match');
    expect(session.errors).toEqual([]);
  });

  it('lists a department that keeps no E-Leave records, and says who is away is not known', async () => {
    const page = await as(accounts.CLUB, TEAM_SPACE);
    await page.getByRole('table', { name: 'People' }).waitFor();
    expect(await peopleRows(page)).toEqual([['Kelab Staff MemberYou', accounts.CLUB]]);
    await page.getByText('Nobody here has an E-Leave record, so who is away is not known.').waitFor();
    // CLUB may not open the staff movement page: no link to it.
    expect(await page.getByRole('link', { name: 'Open Staff Movement' }).count()).toBe(0);
    await checkScreens(page, 'team-space-no-leave-records');
    expect(session.errors).toEqual([]);
  });
});
