import { AppError } from '@staff-portal/shared/errors';
import type { TeamAway, TeamMember, TeamPeople } from '@staff-portal/shared/team';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { testUser } from '../../test/auth';
import { stubLeaveApi } from '../../test/leave-api-double';
import type { DoubleRequest, Handler } from '../../test/leave-api-double';
import { renderLeavePage } from '../../test/render-leave';
import { setViewportWidth } from '../../test/viewport';
import { TeamSpacePage } from './team-space-page';

const URL = '/team-space';
const ME = 'LVUSR0000000003';
const PRIYA = 'LVUSR0000000004';

const HR = { code: 'HR', name: 'Human Resources' };
const IR = { code: 'IR', name: 'Industrial Relations' };

const person = (staffId: string, name: string, email: string, department = HR): TeamMember => ({
  staffId,
  name,
  email,
  departmentCode: department.code,
  departmentName: department.name,
});

const hafiz = person(ME, 'Muhammad Hafiz', 'hr@staffportal.example');
const priya = person(PRIYA, 'Priya Nair', 'hr2@staffportal.example');
const nurul = person('LVUSR0000000006', 'Nurul Izzah', 'ir@staffportal.example', IR);

/** The people answer for a request, filtered as the server would by search and department. */
function peopleFor(request: DoubleRequest, options: { admin?: boolean; everyone?: TeamMember[] } = {}): TeamPeople {
  const department = request.query.get('department');
  const search = request.query.get('search')?.toLowerCase() ?? '';
  const everyone = options.everyone ?? (options.admin ? [hafiz, nurul, priya] : [hafiz, priya]);
  const items = everyone.filter(
    (p) =>
      (department === null || p.departmentCode === department) &&
      (p.name.toLowerCase().includes(search) || p.email.includes(search)),
  );
  const page = Number(request.query.get('page') ?? '1');
  const pageSize = Number(request.query.get('pageSize') ?? '25');
  return {
    items: items.slice((page - 1) * pageSize, page * pageSize),
    total: items.length,
    page,
    pageSize,
    departments: options.admin ? [HR, IR] : [HR],
    departmentCode: options.admin ? department : 'HR',
    myStaffId: ME,
  };
}

/** Wednesday 10 March 2027: Priya on approved leave, Hafiz at a meeting; Priya's Friday still pending. */
function awayFor(request: DoubleRequest): TeamAway {
  const department = request.query.get('department');
  const hr = department === null || department === 'HR';
  return {
    date: '2027-03-10',
    weekStart: '2027-03-08',
    weekEnd: '2027-03-14',
    today: hr
      ? [
          {
            type: 'movement',
            staffId: ME,
            staffName: 'Muhammad Hafiz',
            departmentCode: 'HR',
            kind: 'meeting',
            startsAt: '2027-03-10T06:00:00.000Z',
            endsAt: '2027-03-10T07:30:00.000Z',
          },
          {
            type: 'leave',
            staffId: PRIYA,
            staffName: 'Priya Nair',
            departmentCode: 'HR',
            leaveTypeName: 'Annual Leave',
            status: 1,
            dayType: 0,
            startDate: '2027-03-09',
            endDate: '2027-03-10',
          },
        ]
      : [],
    thisWeek: hr
      ? [
          {
            type: 'leave',
            staffId: PRIYA,
            staffName: 'Priya Nair',
            departmentCode: 'HR',
            leaveTypeName: 'Medical Leave',
            status: 0,
            dayType: 1,
            startDate: '2027-03-12',
            endDate: '2027-03-12',
          },
        ]
      : [
          {
            type: 'movement',
            staffId: nurul.staffId,
            staffName: 'Nurul Izzah',
            departmentCode: 'IR',
            kind: 'outstation',
            startsAt: '2027-03-11T00:30:00.000Z',
            endsAt: '2027-03-12T09:00:00.000Z',
          },
        ],
    truncated: false,
  };
}

function stub(options: { admin?: boolean; everyone?: TeamMember[] } = {}, overrides: Record<string, Handler> = {}) {
  return stubLeaveApi({
    'GET /team/people': (request) => peopleFor(request, options),
    'GET /team/away': awayFor,
    ...overrides,
  });
}

const adminUser = () => testUser({ department: ['HRAdmin'] });

describe('TeamSpacePage', () => {
  beforeEach(() => setViewportWidth(1280));
  afterEach(() => vi.unstubAllGlobals());

  it('shows my department’s people and who of them is away today and this week', async () => {
    const api = stub();
    renderLeavePage(<TeamSpacePage />, URL);
    expect(screen.getByRole('heading', { level: 1, name: 'Team Space' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'People' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Muhammad HafizYouhr@staffportal.example',
      'Priya Nairhr2@staffportal.example',
    ]);
    // One department: no department column, and no department picker.
    expect(within(table).queryByRole('columnheader', { name: 'Department' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Department' })).toBeNull();
    expect(within(rows[1]!).getByRole('link', { name: 'hr2@staffportal.example' })).toHaveAttribute(
      'href',
      'mailto:hr2@staffportal.example',
    );
    expect(screen.getByText('2 people')).toBeInTheDocument();

    const today = screen.getByRole('region', { name: 'Away today' });
    expect(within(today).getByText('Wednesday, 10 Mar 2027')).toBeInTheDocument();
    const todayItems = within(today).getAllByRole('listitem');
    expect(todayItems.map((item) => item.textContent)).toEqual([
      'Muhammad HafizMeeting · 10 Mar 2027, 14:00\u2060–\u206015:30',
      'Priya NairAnnual Leave · 09\u00a0Mar\u00a02027\u00a0– 10\u00a0Mar\u00a02027APPROVED',
    ]);

    const week = screen.getByRole('region', { name: 'Also away this week' });
    expect(within(week).getByText('08 Mar 2027 – 14 Mar 2027')).toBeInTheDocument();
    // Pending leave is marked pending: its chip, and a dashed edge.
    const pending = within(week).getByTestId('team-away-leave');
    expect(pending).toHaveTextContent('Priya NairMedical Leave (AM) · 12 Mar 2027PENDING');
    expect(within(pending).getByText('PENDING')).toBeInTheDocument();
    expect(pending).toHaveAttribute('data-pending', 'true');
    expect(within(today).getByTestId('team-away-leave')).toHaveAttribute('data-pending', 'false');

    // HR passes the staff movement page's guard: the lists lead there.
    expect(screen.getByRole('link', { name: 'Open Staff Movement' })).toHaveAttribute(
      'href',
      '/shared/hr-services/leave/staff-movement',
    );
    expect(api.callsTo('GET', '/team/people')[0]?.query.toString()).toBe('page=1&pageSize=25');
    expect(api.callsTo('GET', '/team/away')[0]?.query.toString()).toBe('');
  });

  it('offers no staff movement link to someone the page would refuse', async () => {
    stub();
    renderLeavePage(<TeamSpacePage />, URL, testUser({ department: ['UNION'] }));
    await screen.findByRole('table', { name: 'People' });
    await screen.findByRole('region', { name: 'Away today' });
    expect(screen.queryByRole('link', { name: 'Open Staff Movement' })).toBeNull();
  });

  it('searches on the server by name or e-mail, and says when nobody matches', async () => {
    const api = stub();
    const user = userEvent.setup();
    renderLeavePage(<TeamSpacePage />, URL);
    await screen.findByRole('table', { name: 'People' });
    const box = screen.getByRole('searchbox', { name: 'Name or e-mail' });
    await user.type(box, 'priya');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Muhammad Hafiz/ })).toBeNull());
    expect(screen.getByRole('row', { name: /Priya Nair/ })).toBeInTheDocument();
    // One call once the typing pauses, not one per letter.
    expect(api.callsTo('GET', '/team/people').map((c) => c.query.get('search'))).toEqual([null, 'priya']);

    await user.clear(box);
    await user.type(box, 'nobody');
    expect(await screen.findByText('Nobody matches “nobody”.')).toBeInTheDocument();
    // The away lists are of the department, whatever the search.
    expect(api.callsTo('GET', '/team/away')).toHaveLength(1);
  });

  it('pages on the server', async () => {
    const everyone = Array.from({ length: 30 }, (_, i) =>
      person(`LVUSR00000001${String(i).padStart(2, '0')}`, `Person ${String(i).padStart(2, '0')}`, `p${i}@x.example`),
    );
    const api = stub({ everyone });
    const user = userEvent.setup();
    renderLeavePage(<TeamSpacePage />, URL);
    expect(await screen.findByText('1–25 of 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('26–30 of 30')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Person 29/ })).toBeInTheDocument();
    expect(api.callsTo('GET', '/team/people').at(-1)?.query.get('page')).toBe('2');
  });

  it('lets ADMIN see every department, naming each person’s, and pick one', async () => {
    const api = stub({ admin: true });
    const user = userEvent.setup();
    renderLeavePage(<TeamSpacePage />, URL, adminUser());
    const table = await screen.findByRole('table', { name: 'People' });
    expect(within(table).getByRole('columnheader', { name: 'Department' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Nurul Izzah/ })).toHaveTextContent('Industrial Relations (IR)');
    expect(screen.getByRole('region', { name: 'Away today' })).toHaveTextContent('Muhammad Hafiz · HR');

    const picker = screen.getByRole('combobox', { name: 'Department' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All departments', 'Human Resources (HR)', 'Industrial Relations (IR)']);
    await user.selectOptions(picker, 'IR');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Priya Nair/ })).toBeNull());
    expect(screen.getByRole('row', { name: /Nurul Izzah/ })).toBeInTheDocument();
    const week = screen.getByRole('region', { name: 'Also away this week' });
    await waitFor(() => expect(week).toHaveTextContent('Nurul IzzahOutstation'));
    expect(screen.getByRole('region', { name: 'Away today' })).toHaveTextContent('Everyone is in today.');
    expect(api.callsTo('GET', '/team/people').at(-1)?.query.get('department')).toBe('IR');
    expect(api.callsTo('GET', '/team/away').at(-1)?.query.get('department')).toBe('IR');
    // A movement over two days shows both ends with their dates.
    expect(week).toHaveTextContent('Outstation · 11 Mar 2027, 08:30 – 12 Mar 2027, 17:00');
  });

  it('explains, in place, that someone with no staff record has no department to show', async () => {
    stubLeaveApi({
      'GET /team/people': () => ({
        items: [],
        total: 0,
        page: 1,
        pageSize: 25,
        departments: [],
        departmentCode: null,
        myStaffId: null,
      }),
      'GET /team/away': () => ({
        date: '2027-03-10',
        weekStart: '2027-03-08',
        weekEnd: '2027-03-14',
        today: [],
        thisWeek: [],
        truncated: false,
      }),
    });
    renderLeavePage(<TeamSpacePage />, URL, testUser({ department: ['CLUB'] }));
    const explanation = (await screen.findByText('No staff record yet')).closest('[role="status"]');
    expect(explanation).toHaveTextContent('An HR administrator adds the record');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Away today' })).toBeNull();
  });

  it('shows a loading state, then an error with a retry that loads again', async () => {
    let fail = true;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    stub(
      {},
      {
        'GET /team/people': async (request) => {
          await held;
          if (fail) throw new AppError('INTERNAL_ERROR', 'Something broke.');
          return peopleFor(request);
        },
      },
    );
    const user = userEvent.setup();
    renderLeavePage(<TeamSpacePage />, URL);
    expect(screen.getAllByRole('progressbar', { name: 'Loading…' }).length).toBeGreaterThan(0);
    release();
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('table', { name: 'People' })).toBeInTheDocument();
  });

  it('says when nobody is away', async () => {
    stub(
      {},
      {
        'GET /team/away': () => ({
          date: '2027-03-13',
          weekStart: '2027-03-08',
          weekEnd: '2027-03-14',
          today: [],
          thisWeek: [],
          truncated: false,
        }),
      },
    );
    renderLeavePage(<TeamSpacePage />, URL);
    expect(await screen.findByText('Everyone is in today.')).toBeInTheDocument();
    expect(screen.getByText('Nobody else is away this week.')).toBeInTheDocument();
    expect(screen.getByText('Saturday, 13 Mar 2027')).toBeInTheDocument();
  });

  it('becomes cards on a phone', async () => {
    setViewportWidth(375);
    stub();
    renderLeavePage(<TeamSpacePage />, URL);
    const list = await screen.findByRole('list', { name: 'People' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Muhammad HafizYouhr@staffportal.example', 'Priya Nairhr2@staffportal.example']);
  });

  it('speaks Bahasa Malaysia', async () => {
    await changeLanguage('ms');
    try {
      stub();
      renderLeavePage(<TeamSpacePage />, URL);
      expect(screen.getByRole('heading', { level: 1, name: 'Ruang Pasukan' })).toBeInTheDocument();
      expect(await screen.findByRole('region', { name: 'Tiada hari ini' })).toHaveTextContent('Rabu, 10 Mac 2027');
      expect(screen.getByRole('region', { name: 'Tiada hari ini' })).toHaveTextContent('Mesyuarat · 10 Mac 2027');
      expect(screen.getByRole('region', { name: 'Juga tiada minggu ini' })).toHaveTextContent('Medical Leave (AM)');
    } finally {
      await changeLanguage('en');
    }
  });
});
