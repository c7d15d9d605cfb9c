import { passesGuards } from '@staff-portal/shared/groups';
import { STAFF_ID } from '@staff-portal/shared/leave';
import type { SignedInUser } from '@staff-portal/shared/signed-in-user';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { PAGE_SIZE as STAFF_REQUESTS_PAGE_SIZE } from '../features/leave-admin/components/requests-section';
import { adminLeaveTypesQueryOptions } from '../features/leave-admin/api/get-admin-leave-types';
import { staffBalancesQueryOptions } from '../features/leave-admin/api/get-staff-balances';
import { staffDetailQueryOptions } from '../features/leave-admin/api/get-staff-detail';
import { staffRequestsQueryOptions } from '../features/leave-admin/api/get-staff-requests';
import { recordYear } from '../features/leave-admin/record-year';
import { approvalsQueryOptions } from '../features/leave/api/get-approvals';
import { leaveTypesQueryOptions } from '../features/leave/api/get-leave-types';
import { myLeaveQueryOptions } from '../features/leave/api/get-my-leave';
import { MAX_PAGE_SIZE, myRequestsQueryOptions } from '../features/leave/api/get-my-requests';
import { todayIn } from '../lib/dates';
import { delegationsQueryOptions } from '../features/staff-movement/api/delegations';
import { homeQueryOptions } from '../features/home/api/get-home';
import type { ApiClient } from '../lib/api-client';
import { pages } from './route-table';
import type { AppRouteEntry, PageName } from './route-paths';

export interface PrefetchContext {
  queryClient: QueryClient;
  /**
   * The leave API without notifications: a prefetch that fails while no screen shows its query
   * is forgotten, and the page asks again when it mounts and reports that (lib/query-client.ts).
   */
  leave: ApiClient;
  /** The IR API, likewise. */
  ir: ApiClient;
  timeZone: string;
  /** Who is signed in (null: nobody), read from the session when a route is entered. */
  user: () => Promise<SignedInUser | null>;
  superAdminUserId?: string | undefined;
}

export interface RouteMatch {
  params: Params;
  search: URLSearchParams;
}

/**
 * Each leave screen's queries, with the queryOptions (keys and all) its components use, so that
 * what the loader fetched is what they find. All at once: none waits for another.
 */
const pagePrefetches: Partial<Record<PageName, (context: PrefetchContext, route: RouteMatch) => void>> = {
  Home: ({ queryClient, leave }) => {
    void queryClient.prefetchQuery(homeQueryOptions(leave));
  },
  LeavePage: ({ queryClient, leave, timeZone }) => {
    const today = todayIn(timeZone);
    void queryClient.prefetchQuery(myLeaveQueryOptions(leave, today));
    void queryClient.prefetchQuery(leaveTypesQueryOptions(leave));
    // The page asks for these once the balances have come (a user without a staff record has
    // none); asked for now, they are there when it does.
    const from = `${today.slice(0, 4)}-01-01`;
    void queryClient.prefetchQuery(myRequestsQueryOptions(leave, { from, page: 1, pageSize: MAX_PAGE_SIZE }));
  },
  LeaveApprovalPage: ({ queryClient, leave }) => {
    void queryClient.prefetchQuery(approvalsQueryOptions(leave));
    void queryClient.prefetchQuery(delegationsQueryOptions(leave));
  },
  UpdateLeaveUserPage: ({ queryClient, leave, timeZone }, { params, search }) => {
    const staffId = params['id'];
    // The page shows a warning, and asks nothing, for an address that is no staff id.
    if (staffId === undefined || !STAFF_ID.test(staffId)) return;
    const year = recordYear(search, Number(todayIn(timeZone).slice(0, 4)));
    void queryClient.prefetchQuery(staffDetailQueryOptions(leave, staffId));
    void queryClient.prefetchQuery(staffBalancesQueryOptions(leave, staffId, year));
    void queryClient.prefetchQuery(
      staffRequestsQueryOptions(leave, staffId, { page: 1, pageSize: STAFF_REQUESTS_PAGE_SIZE, year }),
    );
    void queryClient.prefetchQuery(adminLeaveTypesQueryOptions(leave));
  },
  // The IR screens are in their own chunks (apps/web/vite.config.ts): their queries come with a
  // dynamic import of the page's own api module, which a static import would pull into (and
  // tangle with) the signed-in chunk. It loads alongside the page's code.
  ViewMemberDetailsPage: ({ queryClient, ir }, { params }) => {
    void import('../features/ir/api/get-member').then((module) =>
      module.prefetchMember(queryClient, ir, params['id'] ?? ''),
    );
  },
  ViewGrievanceDetailsPage: ({ queryClient, ir }, { params }) => {
    void import('../features/ir/api/get-case').then((module) =>
      module.prefetchCase(queryClient, ir, params['grievanceId'] ?? ''),
    );
  },
};

/**
 * Starts a route's page code and its data together, as the route is entered (its loader). It
 * answers once the code is there (at once for the pages in the signed-in chunk), so that the
 * page renders without a loading state in between; it does not wait for the data, which the
 * page shows as it arrives. The data only for a user the route's guard admits, who is about to
 * see the page.
 */
export async function startRoute(context: PrefetchContext, entry: AppRouteEntry, route: RouteMatch): Promise<void> {
  const code = pages[entry.page].preload();
  const prefetch = pagePrefetches[entry.page];
  if (prefetch !== undefined) {
    void context
      .user()
      .then((user) => {
        if (user === null || user.passwordExpired) return;
        const holder = { id: user.id, groups: user.department };
        if (!passesGuards(holder, entry.guards, { superAdminUserId: context.superAdminUserId })) return;
        prefetch(context, route);
      })
      // No session to read: the gate is signing the user out, and there is no page to prepare.
      .catch(() => undefined);
  }
  await code;
}
