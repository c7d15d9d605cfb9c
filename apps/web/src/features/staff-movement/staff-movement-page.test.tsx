import { AppError, validationError } from '@staff-portal/shared/errors';
import { movementInputSchema } from '@staff-portal/shared/staff-movement';
import type { IcalFeed, MovementCalendar } from '@staff-portal/shared/staff-movement';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setViewportWidth } from '../../test/viewport';
import { StaffMovementPage } from './staff-movement-page';
import { stubLeaveApi } from '../../test/leave-api-double';
import type { DoubleRequest } from '../../test/leave-api-double';
import { renderInApp } from './test/render-page';

const ME = 'LVUSR0000000003';
const PRIYA = 'LVUSR0000000004';

function calendarFor(request: DoubleRequest): MovementCalendar {
  const from = request.query.get('from')!;
  const to = request.query.get('to')!;
  const department = request.query.get('department') ?? 'HR';
  const days: MovementCalendar['days'] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    const date = d.toISOString().slice(0, 10);
    const away: MovementCalendar['days'][number]['away'] = [];
    if (department === 'HR' && ['2027-03-08', '2027-03-09', '2027-03-11'].includes(date)) {
      away.push({
        type: 'leave',
        staffId: PRIYA,
        referenceId: 'LV202703010900000001',
        leaveTypeId: 'LVE0001',
        leaveTypeName: 'Annual Leave',
        status: 1,
        dayType: 0,
        startDate: '2027-03-08',
        endDate: '2027-03-11',
      });
    }
    if (department === 'HR' && date === '2027-03-12') {
      away.push({
        type: 'leave',
        staffId: PRIYA,
        referenceId: 'LV202703010900000002',
        leaveTypeId: 'LVE0002',
        leaveTypeName: 'Medical Leave',
        status: 0,
        dayType: 1,
        startDate: '2027-03-12',
        endDate: '2027-03-12',
      });
    }
    if (department === 'HR' && date === '2027-03-10') {
      away.push({
        type: 'movement',
        staffId: ME,
        id: 7,
        kind: 'site_visit',
        startsAt: '2027-03-10T01:00:00.000Z',
        endsAt: '2027-03-10T09:00:00.000Z',
        purpose: 'Branch audit in Klang',
      });
      away.push({
        type: 'movement',
        staffId: PRIYA,
        id: 8,
        kind: 'meeting',
        startsAt: '2027-03-10T06:00:00.000Z',
        endsAt: '2027-03-10T07:00:00.000Z',
        purpose: 'Union council',
      });
    }
    days.push({ date, away });
  }
  return {
    departmentCode: department,
    from,
    to,
    people:
      department === 'HR'
        ? [
            { staffId: ME, staffName: 'Muhammad Hafiz' },
            { staffId: PRIYA, staffName: 'Priya Nair' },
          ]
        : [{ staffId: 'LVUSR0000000006', staffName: 'Nurul Izzah' }],
    days,
    departments:
      request.query.get('admin') === null && department === 'HR'
        ? [{ code: 'HR', name: 'HR' }]
        : [
            { code: 'HR', name: 'HR' },
            { code: 'IR', name: 'IR' },
          ],
    myStaffId: ME,
  };
}

function stub(options: { admin?: boolean } = {}) {
  let feeds: IcalFeed[] = [];
  const api = stubLeaveApi({
    'GET /leave/movement': (request) => {
      const calendar = calendarFor(request);
      return options.admin
        ? {
            ...calendar,
            departments: [
              { code: 'HR', name: 'HR' },
              { code: 'IR', name: 'IR' },
            ],
          }
        : calendar;
    },
    'POST /leave/movements': (request) => {
      const input = movementInputSchema.parse(request.body);
      if (input.purpose === 'refuse me') throw validationError('The end must be after the start', 'endsAt');
      return { id: 9, staffId: ME, staffName: 'Muhammad Hafiz', ...input, createdAt: '2027-03-10T02:00:00.000Z' };
    },
    'DELETE /leave/movements/:id': () => null,
    'GET /leave/ical-feeds': () => feeds,
    'POST /leave/ical-feeds': (request) => {
      const body = request.body as { kind: 'me' | 'department'; departmentCode?: string };
      const feed: IcalFeed = {
        id: feeds.length + 1,
        kind: body.kind,
        departmentCode: body.kind === 'me' ? null : (body.departmentCode ?? 'HR'),
        url: `http://localhost/api/leave/ical/${'x'.repeat(42)}${feeds.length}.ics`,
        createdAt: '2027-03-10T02:00:00.000Z',
      };
      feeds = [...feeds, feed];
      return feed;
    },
    'DELETE /leave/ical-feeds/:id': (request) => {
      feeds = feeds.filter((f) => String(f.id) !== request.params.id);
      return null;
    },
  });
  return api;
}

describe('StaffMovementPage', () => {
  beforeEach(() => {
    // Wednesday 10 March 2027, 10:00 in Kuala Lumpur; only the clock is faked.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-03-10T02:00:00Z'));
    setViewportWidth(1280);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows this week as people × days, with leave, pending leave and movements', async () => {
    const api = stub();
    renderInApp(<StaffMovementPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Staff Movement' })).toBeInTheDocument();
    const grid = await screen.findByRole('table', { name: 'Who is away, 08 Mar 2027 – 14 Mar 2027' });
    expect(api.callsTo('GET', '/leave/movement')[0]?.query.toString()).toBe('from=2027-03-08&to=2027-03-14');
    const heads = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads).toEqual([
      'Staff',
      'Mon 08 Mar',
      'Tue 09 Mar',
      'Wed 10 Mar',
      'Thu 11 Mar',
      'Fri 12 Mar',
      'Sat 13 Mar',
      'Sun 14 Mar',
    ]);
    expect(within(grid).getByRole('columnheader', { name: 'Wed 10 Mar' })).toHaveAttribute('aria-current', 'date');

    const priya = within(grid).getByRole('row', { name: /Priya Nair/ });
    const cells = within(priya).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Annual Leave');
    expect(within(cells[0]!).getByText('APPROVED')).toBeInTheDocument();
    expect(within(cells[0]!).getByTestId('away-leave')).toHaveAttribute('data-pending', 'false');
    // Pending leave: its status chip, half day, and a dashed border that sets it apart.
    expect(cells[4]).toHaveTextContent('Medical Leave (AM)');
    expect(within(cells[4]!).getByText('PENDING')).toBeInTheDocument();
    const pending = within(cells[4]!).getByTestId('away-leave');
    expect(pending).toHaveAttribute('data-pending', 'true');
    expect(getComputedStyle(pending).borderStyle).toBe('dashed');
    expect(cells[2]).toHaveTextContent('Meeting');
    expect(cells[2]).toHaveTextContent('14:00–15:00');
    expect(cells[2]).toHaveTextContent('Union council');
    // Only my own movements can be deleted.
    expect(within(cells[2]!).queryByRole('button')).toBeNull();

    const me = within(grid).getByRole('row', { name: /Muhammad Hafiz/ });
    expect(within(me).getByText('Site visit')).toBeInTheDocument();
    expect(within(me).getByRole('button', { name: 'Delete my movement: Site visit, 09:00–17:00' })).toBeInTheDocument();
  });

  it('names the grid by the days it shows, the previous ones, faded, while the next load', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    stubLeaveApi({
      'GET /leave/movement': async (request) => {
        if (request.query.get('from') !== '2027-03-08') await held;
        return calendarFor(request);
      },
      'GET /leave/ical-feeds': () => [],
    });
    const user = userEvent.setup();
    renderInApp(<StaffMovementPage />);
    await screen.findByRole('table', { name: 'Who is away, 08 Mar 2027 – 14 Mar 2027' });
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await screen.findByText('15 Mar 2027 – 21 Mar 2027');
    const previous = screen.getByRole('table', { name: 'Who is away, 08 Mar 2027 – 14 Mar 2027' });
    expect(previous.closest('[aria-busy="true"]')).not.toBeNull();
    release();
    const next = await screen.findByRole('table', { name: 'Who is away, 15 Mar 2027 – 21 Mar 2027' });
    expect(next.closest('[aria-busy="true"]')).toBeNull();
  });

  it('moves by week and by day, and back to today', async () => {
    const api = stub();
    const user = userEvent.setup();
    renderInApp(<StaffMovementPage />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await screen.findByRole('table', { name: 'Who is away, 15 Mar 2027 – 21 Mar 2027' });
    // The day view shows the same weekday of the week in view.
    await user.click(screen.getByRole('button', { name: 'Day' }));
    await screen.findByRole('table', { name: 'Who is away, 17 Mar 2027' });
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await screen.findByRole('table', { name: 'Who is away, 16 Mar 2027' });
    await user.click(screen.getByRole('button', { name: 'Today' }));
    const grid = await screen.findByRole('table', { name: 'Who is away, 10 Mar 2027' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Staff', 'Wed 10 Mar']);
    expect(api.callsTo('GET', '/leave/movement').map((c) => c.query.toString())).toEqual([
      'from=2027-03-08&to=2027-03-14',
      'from=2027-03-15&to=2027-03-21',
      'from=2027-03-17&to=2027-03-17',
      'from=2027-03-16&to=2027-03-16',
      'from=2027-03-10&to=2027-03-10',
    ]);
  });

  it('offers the department picker to admins and shows the chosen department', async () => {
    const api = stub({ admin: true });
    const user = userEvent.setup();
    renderInApp(<StaffMovementPage />);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Department' }), 'IR');
    await screen.findByRole('row', { name: /Nurul Izzah/ });
    expect(api.callsTo('GET', '/leave/movement').at(-1)?.query.get('department')).toBe('IR');
  });

  it('says once, in place, that someone without a staff leave record has nothing to show', async () => {
    stubLeaveApi({
      'GET /leave/movement': () => {
        throw new AppError('NO_STAFF_RECORD', 'You have no staff leave record yet.');
      },
    });
    renderInApp(<StaffMovementPage />);
    const explanation = (await screen.findByText('No staff leave record yet')).closest('[role="status"]');
    expect(explanation).toHaveTextContent('An HR administrator adds it');
    expect(screen.queryByText('You have no staff leave record yet.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record my movement' })).not.toBeInTheDocument();
  });

  it('has no department picker for a member of one department', async () => {
    stub();
    renderInApp(<StaffMovementPage />);
    await screen.findByRole('table');
    expect(screen.queryByRole('combobox', { name: 'Department' })).toBeNull();
  });

  it('becomes a list by day on a phone', async () => {
    setViewportWidth(390);
    stub();
    renderInApp(<StaffMovementPage />);
    const list = await screen.findByRole('region', { name: 'Who is away, 08 Mar 2027 – 14 Mar 2027' });
    expect(screen.queryByRole('table')).toBeNull();
    const friday = within(list).getByRole('region', { name: 'Fri 12 Mar' });
    expect(friday).toHaveTextContent('Priya Nair · Medical Leave (AM)');
    expect(within(list).getByRole('region', { name: 'Sat 13 Mar' })).toHaveTextContent('Everyone is in.');
    expect(within(list).getByRole('region', { name: 'Wed 10 Mar' })).toHaveTextContent('Muhammad Hafiz · Site visit');
  });

  it('records my movement in the organisation time zone', async () => {
    const api = stub();
    const user = userEvent.setup();
    renderInApp(<StaffMovementPage />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Record my movement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record my movement' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Kind' }), 'Training');
    // An empty purpose is refused before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter the purpose.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/leave/movements')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Purpose' }), 'First aid course');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/leave/movements')[0]?.body).toEqual({
      kind: 'training',
      startsAt: '2027-03-10T09:00:00+08:00',
      endsAt: '2027-03-10T17:00:00+08:00',
      purpose: 'First aid course',
    });
    expect(await screen.findByText('Your movement is recorded.')).toBeInTheDocument();
  });

  it('shows an end before the start on the field, and the server’s refusal on the field it names', async () => {
    const api = stub();
    const user = userEvent.setup();
    renderInApp(<StaffMovementPage />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Record my movement' }));
    const dialog = await screen.findByRole('dialog');
    const end = within(dialog).getByLabelText(/^To/);
    await user.clear(end);
    await user.type(end, '2027-03-10T08:00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Purpose' }), 'Meeting');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The end must be after the start.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/leave/movements')).toHaveLength(0);

    await user.clear(end);
    await user.type(end, '2027-03-10T18:00');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Purpose' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Purpose' }), 'refuse me');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The end must be after the start')).toBeInTheDocument();
  });

  it('deletes my movement after confirming', async () => {
    const api = stub();
    const user = userEvent.setup();
    renderInApp(<StaffMovementPage />);
    await user.click(await screen.findByRole('button', { name: /Delete my movement: Site visit/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this movement?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/leave/movements/7')).toHaveLength(1));
    expect(await screen.findByText('Your movement is deleted.')).toBeInTheDocument();
  });

  it('creates, copies and revokes the private calendar addresses', async () => {
    const api = stub();
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderInApp(<StaffMovementPage />);
    const feeds = await screen.findByRole('region', { name: 'Calendar feeds' });
    const mine = within(feeds).getByRole('listitem', { name: 'My leave' });
    const team = within(feeds).getByRole('listitem', { name: 'Who is away in HR' });
    await user.click(within(team).getByRole('button', { name: 'Create address' }));
    const address = await within(team).findByRole('textbox', { name: 'Address for Who is away in HR' });
    expect(address).toHaveValue(`http://localhost/api/leave/ical/${'x'.repeat(42)}0.ics`);
    expect(api.callsTo('POST', '/leave/ical-feeds')[0]?.body).toEqual({ kind: 'department', departmentCode: 'HR' });
    await user.click(within(team).getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenCalledWith(`http://localhost/api/leave/ical/${'x'.repeat(42)}0.ics`);
    expect(within(mine).getByText('No address yet.')).toBeInTheDocument();

    await user.click(within(team).getByRole('button', { name: 'Revoke the address for Who is away in HR' }));
    await within(team).findByRole('button', { name: 'Create address' });
    expect(api.callsTo('DELETE', '/leave/ical-feeds/1')).toHaveLength(1);
  });
});
