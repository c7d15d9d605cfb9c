import { AppError } from '@staff-portal/shared/errors';
import type { TeamAway, TeamDepartment, TeamMember, TeamPeople } from '@staff-portal/shared/team';
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

const DEPARTMENTS: Record<string, TeamDepartment> = {
  HR: { code: 'HR', name: 'Human Resources' },
  IR: { code: 'IR', name: 'Industrial Relations' },
  UNION: { code: 'UNION', name: 'Organisation' },
  CLUB: { code: 'CLUB', name: 'Staff Club' },
};

const person = (name: string, email: string, departmentCodes = ['HR'], isMe = false): TeamMember => ({
  name,
  email,
  departmentCodes,
  isMe,
});

const hafiz = person('Muhammad Hafiz', 'hr@staffportal.example', ['HR'], true);
const priya = person('Priya Nair', 'hr2@staffportal.example');
const ravi = person('Ravi Chandran', 'staff@staffportal.example', ['HR', 'UNION']);
const siti = person('Siti Aminah', 'union2@staffportal.example', ['UNION']);
const nurul = person('Nurul Izzah', 'ir@staffportal.example', ['IR']);

interface Org {
  /** The caller's departments. */
  mine?: string[];
  /** The departments the caller may pick (ADMIN: every one). */
  pickable?: string[];
  everyone?: TeamMember[];
}

/** The departments a request covers: the one picked, or all of mine. */
const scopeOf = (request: DoubleRequest, mine: string[]) => {
  const department = request.query.get('department');
  return department === null ? mine : [department];
};

/** The people answer for a request, filtered as the server would by departments and search. */
function peopleFor(request: DoubleRequest, { mine = ['HR'], pickable = mine, everyone }: Org = {}): TeamPeople {
  const scope = scopeOf(request, mine);
  const search = request.query.get('search')?.toLowerCase() ?? '';
  const items = (everyone ?? [hafiz, priya, ravi, siti, nurul])
    .map((p) => ({ ...p, departmentCodes: p.departmentCodes.filter((code) => scope.includes(code)) }))
    .filter((p) => p.departmentCodes.length > 0)
    .filter((p) => p.name.toLowerCase().includes(search) || p.email.includes(search));
  const page = Number(request.query.get('page') ?? '1');
  const pageSize = Number(request.query.get('pageSize') ?? '25');
  return {
    items: items.slice((page - 1) * pageSize, page * pageSize),
    total: items.length,
    page,
    pageSize,
    departments: pickable.map((code) => DEPARTMENTS[code]!),
    myDepartments: mine,
    departmentCode: request.query.get('department'),
  };
}

/** Wednesday 10 March 2027: Priya on approved leave, Hafiz at a meeting; Priya's Friday still pending; Nurul (IR) outstation. */
function awayFor(request: DoubleRequest, { mine = ['HR'] }: Org = {}): TeamAway {
  const scope = scopeOf(request, mine);
  const hr = scope.includes('HR');
  return {
    date: '2027-03-10',
    weekStart: '2027-03-08',
    weekEnd: '2027-03-14',
    today: hr
      ? [
          {
            type: 'movement',
            staffName: 'Muhammad Hafiz',
            departmentCodes: ['HR'],
            kind: 'meeting',
            startsAt: '2027-03-10T06:00:00.000Z',
            endsAt: '2027-03-10T07:30:00.000Z',
          },
          {
            type: 'leave',
            staffName: 'Priya Nair',
            departmentCodes: ['HR'],
            leaveTypeName: 'Annual Leave',
            status: 1,
            dayType: 0,
            startDate: '2027-03-09',
            endDate: '2027-03-10',
          },
        ]
      : [],
    thisWeek: [
      ...(hr
        ? [
            {
              type: 'leave' as const,
              staffName: 'Priya Nair',
              departmentCodes: ['HR'],
              leaveTypeName: 'Medical Leave',
              status: 0,
              dayType: 1,
              startDate: '2027-03-12',
              endDate: '2027-03-12',
            },
          ]
        : []),
      ...(scope.includes('IR')
        ? [
            {
              type: 'movement' as const,
              staffName: 'Nurul Izzah',
              departmentCodes: ['IR'],
              kind: 'outstation' as const,
              startsAt: '2027-03-11T00:30:00.000Z',
              endsAt: '2027-03-12T09:00:00.000Z',
            },
          ]
        : []),
    ],
    truncated: false,
    members: 2,
    withLeaveRecord: 2,
  };
}

function stub(org: Org = {}, overrides: Record<string, Handler> = {}) {
  return stubLeaveApi({
    'GET /team/people': (request) => peopleFor(request, org),
    'GET /team/away': (request) => awayFor(request, org),
    ...overrides,
  });
}

const adminUser = () => testUser({ department: ['HRAdmin'] });

describe('TeamSpacePage', () => {
  beforeEach(() => setViewportWidth(1280));
  afterEach(() => vi.unstubAllGlobals());

  it('shows my department’s people, by their accounts, and who of them is away today and this week', async () => {
    const api = stub();
    renderLeavePage(<TeamSpacePage />, URL);
    expect(screen.getByRole('heading', { level: 1, name: 'Team Space' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'People' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Muhammad HafizYouhr@staffportal.example',
      'Priya Nairhr2@staffportal.example',
      'Ravi Chandranstaff@staffportal.example',
    ]);
    // One department: no department column, and no department picker.
    expect(within(table).queryByRole('columnheader', { name: 'Department' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Department' })).toBeNull();
    expect(within(rows[1]!).getByRole('link', { name: 'hr2@staffportal.example' })).toHaveAttribute(
      'href',
      'mailto:hr2@staffportal.example',
    );
    expect(screen.getByText('3 people')).toBeInTheDocument();

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
    stub({ mine: ['UNION'] });
    renderLeavePage(<TeamSpacePage />, URL, testUser({ department: ['UNION'] }));
    await screen.findByRole('table', { name: 'People' });
    await screen.findByRole('region', { name: 'Away today' });
    expect(screen.queryByRole('link', { name: 'Open Staff Movement' })).toBeNull();
  });

  it('shows a member of two departments the people of both, naming each one’s, and lets them pick one', async () => {
    const api = stub({ mine: ['HR', 'UNION'] });
    const user = userEvent.setup();
    renderLeavePage(<TeamSpacePage />, URL, testUser({ department: ['HR', 'UNION'] }));
    const table = await screen.findByRole('table', { name: 'People' });
    expect(within(table).getByRole('columnheader', { name: 'Department' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Ravi Chandran/ })).toHaveTextContent(
      'Human Resources (HR), Organisation (UNION)',
    );
    expect(within(table).getByRole('row', { name: /Siti Aminah/ })).toHaveTextContent('Organisation (UNION)');
    expect(screen.getByText('4 people')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Away today' })).toHaveTextContent('Muhammad Hafiz · HR');

    const picker = screen.getByRole('combobox', { name: 'Department' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All my departments', 'Human Resources (HR)', 'Organisation (UNION)']);
    await user.selectOptions(picker, 'UNION');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Priya Nair/ })).toBeNull());
    expect(screen.getByRole('row', { name: /Siti Aminah/ })).toBeInTheDocument();
    expect(api.callsTo('GET', '/team/people').at(-1)?.query.get('department')).toBe('UNION');
    expect(api.callsTo('GET', '/team/away').at(-1)?.query.get('department')).toBe('UNION');
  });

  it('searches on the server by name or e-mail, and says when nobody matches', async () => {
    const api = stub();
    // The keys without a pause between them (no `delay`), however busy the machine: a pause
    // longer than the debounce would rightly search for a part.
    const user = userEvent.setup({ delay: null });
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
    // The away lists are of the departments, whatever the search.
    expect(api.callsTo('GET', '/team/away')).toHaveLength(1);
  });

  it('pages on the server', async () => {
    const everyone = Array.from({ length: 30 }, (_, i) =>
      person(`Person ${String(i).padStart(2, '0')}`, `p${i}@x.example`),
    );
    const api = stub({ everyone });
    const user = userEvent.setup();
    renderLeavePage(<TeamSpacePage />, URL);
    expect(await screen.findByText('1–25 of 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the next page' }));
    expect(await screen.findByText('26–30 of 30')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Person 29/ })).toBeInTheDocument();
    expect(api.callsTo('GET', '/team/people').at(-1)?.query.get('page')).toBe('2');
  });

  it('lets ADMIN pick any department besides their own', async () => {
    const api = stub({ mine: ['HR'], pickable: ['HR', 'IR', 'UNION'] });
    const user = userEvent.setup();
    renderLeavePage(<TeamSpacePage />, URL, adminUser());
    const table = await screen.findByRole('table', { name: 'People' });
    // Their own department by default: one, so no department column.
    expect(within(table).queryByRole('columnheader', { name: 'Department' })).toBeNull();
    const picker = screen.getByRole('combobox', { name: 'Department' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All my departments', 'Human Resources (HR)', 'Industrial Relations (IR)', 'Organisation (UNION)']);
    await user.selectOptions(picker, 'IR');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Priya Nair/ })).toBeNull());
    expect(screen.getByRole('row', { name: /Nurul Izzah/ })).toBeInTheDocument();
    const week = screen.getByRole('region', { name: 'Also away this week' });
    await waitFor(() => expect(week).toHaveTextContent('Nurul IzzahOutstation'));
    expect(screen.getByRole('region', { name: 'Away today' })).toHaveTextContent('Everyone is in today.');
    expect(api.callsTo('GET', '/team/people').at(-1)?.query.get('department')).toBe('IR');
    // A movement over two days shows both ends with their dates.
    expect(week).toHaveTextContent('Outstation · 11 Mar 2027, 08:30 – 12 Mar 2027, 17:00');
  });

  it('lists the people of a department without leave records, and says who is away is not known', async () => {
    stub(
      { mine: ['CLUB'], everyone: [person('Kelab Staff Member', 'club@staffportal.example', ['CLUB'], true)] },
      {
        'GET /team/away': () => ({
          date: '2027-03-10',
          weekStart: '2027-03-08',
          weekEnd: '2027-03-14',
          today: [],
          thisWeek: [],
          truncated: false,
          members: 1,
          withLeaveRecord: 0,
        }),
      },
    );
    renderLeavePage(<TeamSpacePage />, URL, testUser({ department: ['CLUB'] }));
    const table = await screen.findByRole('table', { name: 'People' });
    expect(within(table).getByRole('row', { name: /Kelab Staff Member/ })).toHaveTextContent('You');
    expect(
      await screen.findByText('Nobody here has an E-Leave record, so who is away is not known.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Everyone is in today.')).toBeNull();
    expect(screen.queryByText(/No staff record/)).toBeNull();
  });

  it('says for how many people who is away is known, when only some have a leave record', async () => {
    stub({}, { 'GET /team/away': (request) => ({ ...awayFor(request), members: 5, withLeaveRecord: 3 }) });
    renderLeavePage(<TeamSpacePage />, URL);
    expect(
      await screen.findByText('Who is away is known for 3 of 5 people: those with an E-Leave record.'),
    ).toBeInTheDocument();
  });

  it('explains, in place, that someone in no department has nobody to show', async () => {
    stubLeaveApi({
      'GET /team/people': () => ({
        items: [],
        total: 0,
        page: 1,
        pageSize: 25,
        departments: [],
        myDepartments: [],
        departmentCode: null,
      }),
      'GET /team/away': () => ({
        date: '2027-03-10',
        weekStart: '2027-03-08',
        weekEnd: '2027-03-14',
        today: [],
        thisWeek: [],
        truncated: false,
        members: 0,
        withLeaveRecord: 0,
      }),
    });
    renderLeavePage(<TeamSpacePage />, URL, testUser({ department: [] }));
    const explanation = (await screen.findByText('You are in no department yet')).closest('[role="status"]');
    expect(explanation).toHaveTextContent('Access Control');
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
    const retry = await screen.findByRole('button', { name: 'Try again' });
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
          members: 2,
          withLeaveRecord: 2,
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
    // The search is the only filter here: it stays, with nothing to fold behind Filters.
    const form = screen.getByRole('search', { name: 'Find people' });
    expect(within(form).getByRole('searchbox', { name: 'Name or e-mail' })).toBeInTheDocument();
    expect(within(form).queryByRole('button')).toBeNull();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Muhammad HafizYouhr@staffportal.example',
      'Priya Nairhr2@staffportal.example',
      'Ravi Chandranstaff@staffportal.example',
    ]);
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
