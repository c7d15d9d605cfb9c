import { unauthenticated } from '@staff-portal/shared/errors';
import type { SignedInUser } from '@staff-portal/shared/signed-in-user';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../lib/auth-context';
import { leaveTypesQueryOptions } from '../features/leave/api/get-leave-types';
import { myLeaveQueryOptions } from '../features/leave/api/get-my-leave';
import { MAX_PAGE_SIZE, myRequestsQueryOptions } from '../features/leave/api/get-my-requests';
import { todayIn } from '../lib/dates';
import { refuse, stubLeaveApi } from '../test/leave-api-double';
import { caseQueryOptions } from '../features/ir/api/get-case';
import { memberQueryOptions } from '../features/ir/api/get-member';
import { stubIrApi } from '../test/ir-api-double';
import { homeQueryOptions } from '../features/home/api/get-home';
import { homeAnswer } from '../features/home/test/home-fixtures';
import { DISMISSAL, FARAH, irOfficer } from '../test/ir-fixtures';
import { leaveRequest, leaveTypes, myLeave, pageFrom } from '../test/leave-fixtures';
import { createApiClient, SessionLostContext } from '../lib/api-client';
import { testAuth, testUser } from '../test/auth';
import { testRuntimeConfig } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { AppProvider } from './provider';
import { startRoute } from './route-prefetch';
import type { PrefetchContext } from './route-prefetch';
import { routeTable } from './route-paths';
import { appRoutes, usePrefetchContext } from './router';

const TIME_ZONE = testRuntimeConfig.organisation.timeZone;
const today = todayIn(TIME_ZONE);
const year = Number(today.slice(0, 4));
const leave = createApiClient({ baseUrl: testRuntimeConfig.api.leaveApiUrl });
const ir = createApiClient({ baseUrl: testRuntimeConfig.api.irApiUrl });

function contextFor(user: SignedInUser | null): PrefetchContext {
  return {
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    leave,
    ir,
    timeZone: TIME_ZONE,
    user: () => Promise.resolve(user),
  };
}

const entryOf = (path: string) => {
  const entry = routeTable.find((candidate) => candidate.path === path);
  if (entry === undefined) throw new Error(`no route ${path}`);
  return entry;
};

/** A handler that answers only when the test lets it. */
function held<T>(body: T) {
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  return { handler: () => answered.then(() => body), release };
}

describe('starting a route', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts all of My Leaves’ queries at once, under the keys the page reads', async () => {
    const me = held(myLeave(year));
    const api = stubLeaveApi({
      'GET /leave/me': me.handler,
      'GET /leave/types': () => leaveTypes,
      'GET /leave/requests/mine': () => pageFrom([leaveRequest()]),
    });
    const context = contextFor(testUser());

    void startRoute(context, entryOf('/shared/hr-services/leave/my-leaves'), {
      params: {},
      search: new URLSearchParams(),
    });

    // The requests do not wait for the balances, which are still on their way.
    await waitFor(() => expect(api.callsTo('GET', '/leave/requests/mine')).toHaveLength(1));
    expect(api.callsTo('GET', '/leave/me')).toHaveLength(1);
    expect(api.callsTo('GET', '/leave/types')).toHaveLength(1);
    const requestsQuery = { from: `${year}-01-01`, page: 1, pageSize: MAX_PAGE_SIZE };
    expect(api.callsTo('GET', '/leave/requests/mine')[0]?.query.get('from')).toBe(requestsQuery.from);
    me.release();

    const cache = context.queryClient;
    await waitFor(() => expect(cache.getQueryData(myLeaveQueryOptions(leave, today).queryKey)).toBeDefined());
    expect(cache.getQueryData(leaveTypesQueryOptions(leave).queryKey)).toEqual(leaveTypes);
    expect(cache.getQueryData(myRequestsQueryOptions(leave, requestsQuery).queryKey)).toBeDefined();
  });

  it('starts Home’s one request as Home is entered, under the key the page reads', async () => {
    const api = stubLeaveApi({ 'GET /home': () => homeAnswer() });
    const context = contextFor(testUser({ department: ['IR'] }));

    void startRoute(context, entryOf('/'), { params: {}, search: new URLSearchParams() });

    await waitFor(() =>
      expect(context.queryClient.getQueryData(homeQueryOptions(leave).queryKey)).toEqual(homeAnswer()),
    );
    expect(api.callsTo('GET', '/home')).toHaveLength(1);
  });

  it('asks for the staff record, its balances and requests of the year in the address, and the leave types', async () => {
    const api = stubLeaveApi({
      'GET /leave/admin/staff/:id': () => ({}),
      'GET /leave/admin/staff/:id/balances': () => ({}),
      'GET /leave/admin/staff/:id/requests': () => pageFrom([]),
      'GET /leave/admin/types': () => [],
    });
    const context = contextFor(testUser({ department: ['HRAdmin'] }));

    void startRoute(context, entryOf('/shared/hr-services/leave/admin/:id'), {
      params: { id: 'LVUSR0000000021' },
      search: new URLSearchParams('year=2025'),
    });

    await waitFor(() => expect(api.calls).toHaveLength(4));
    expect(api.callsTo('GET', '/leave/admin/staff/LVUSR0000000021')).toHaveLength(1);
    expect(api.callsTo('GET', '/leave/admin/staff/LVUSR0000000021/balances')[0]?.query.get('year')).toBe('2025');
    const requests = api.callsTo('GET', '/leave/admin/staff/LVUSR0000000021/requests')[0]?.query;
    expect(Object.fromEntries(requests ?? [])).toEqual({ page: '1', pageSize: '10', year: '2025' });
    expect(api.callsTo('GET', '/leave/admin/types')).toHaveLength(1);
  });

  it('starts a member’s and a case’s data under the keys their pages read; nothing for an address that is neither', async () => {
    const api = stubIrApi({ callerId: FARAH.id });
    api.seedCase({
      memberNo: 'M0012345',
      subject: 'Overtime',
      categoryId: DISMISSAL.id,
      description: 'Unpaid.',
      contactMethod: 0,
    });
    const context = contextFor(irOfficer);
    const search = new URLSearchParams();
    void startRoute(context, entryOf('/shared/industrial-relations/member-lookup/:id'), {
      params: { id: 'm0012345' },
      search,
    });
    void startRoute(context, entryOf('/shared/industrial-relations/grievances/:grievanceId'), {
      params: { grievanceId: 'GRV202600001' },
      search,
    });
    void startRoute(context, entryOf('/shared/industrial-relations/grievances/:grievanceId'), {
      params: { grievanceId: 'no-case' },
      search,
    });
    const cache = context.queryClient;
    await waitFor(() => expect(cache.getQueryData(memberQueryOptions(ir, 'M0012345').queryKey)).toBeDefined());
    await waitFor(() => expect(cache.getQueryData(caseQueryOptions(ir, 'GRV202600001').queryKey)).toBeDefined());
    expect(api.calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual([
      'GET /ir/grievances/GRV202600001',
      'GET /ir/members/M0012345',
    ]);
  });

  it('asks for nothing for a user the route’s guard refuses, whose password has expired, or for no staff id', async () => {
    const api = stubLeaveApi({});
    const route = { params: {}, search: new URLSearchParams() };
    const refused = contextFor(testUser({ department: ['IR'] }));
    void startRoute(refused, entryOf('/shared/hr-services/leave/approval'), route);
    const expired = contextFor(testUser({ passwordExpired: true }));
    void startRoute(expired, entryOf('/shared/hr-services/leave/my-leaves'), route);
    void startRoute(contextFor(null), entryOf('/shared/hr-services/leave/my-leaves'), route);
    const admin = contextFor(testUser({ department: ['HRAdmin'] }));
    void startRoute(admin, entryOf('/shared/hr-services/leave/admin/:id'), { ...route, params: { id: 'nobody' } });

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toEqual([]);
  });
});

/** The app's routes with their loaders, as AppRouter makes them, in a memory router. */
function PrefetchingRouter({ url }: { url: string }) {
  const prefetch = usePrefetchContext();
  const [router] = useState(() => createMemoryRouter(appRoutes(prefetch), { initialEntries: [url] }));
  return <RouterProvider router={router} />;
}

describe('the routes’ loaders', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('start My Leaves’ data as the route is entered, and the page shows it without asking again', async () => {
    const me = held(myLeave(year));
    const api = stubLeaveApi({
      'GET /leave/me': me.handler,
      'GET /leave/types': () => leaveTypes,
      'GET /leave/requests/mine': () => pageFrom([leaveRequest({ referenceId: 'LV202603010900111111' })]),
    });
    renderWithProviders(
      <AuthContext value={testAuth(testUser())}>
        <PrefetchingRouter url="/shared/hr-services/leave/my-leaves" />
      </AuthContext>,
    );

    // The page itself asks for the requests only once the balances are in; the loader did not wait.
    await waitFor(() => expect(api.callsTo('GET', '/leave/requests/mine')).toHaveLength(1));
    expect(api.callsTo('GET', '/leave/me')).toHaveLength(1);
    me.release();
    expect(await screen.findByText('LV202603010900111111')).toBeInTheDocument();
    expect(api.callsTo('GET', '/leave/me')).toHaveLength(1);
    expect(api.callsTo('GET', '/leave/types')).toHaveLength(1);
    expect(api.callsTo('GET', '/leave/requests/mine')).toHaveLength(1);
  });

  it('hand a refused session to the gate when the page was already waiting for the loader’s fetch', async () => {
    const me = held(refuse(unauthenticated()));
    stubLeaveApi({
      'GET /leave/me': me.handler,
      'GET /leave/types': () => leaveTypes,
      'GET /leave/requests/mine': () => pageFrom([]),
    });
    const sessionLost = vi.fn();
    render(
      <SessionLostContext value={sessionLost}>
        <AppProvider config={testRuntimeConfig}>
          <AuthContext value={testAuth(testUser())}>
            <PrefetchingRouter url="/shared/hr-services/leave/my-leaves" />
          </AuthContext>
        </AppProvider>
      </SessionLostContext>,
    );
    // The page is showing, its balances still loading: the loader's fetch is the one it waits for.
    expect(await screen.findByRole('heading', { name: 'My Leaves', level: 1 })).toBeInTheDocument();
    me.release();

    await waitFor(() => expect(sessionLost).toHaveBeenCalled());
  });
});
