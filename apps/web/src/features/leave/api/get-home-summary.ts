import { isAppError } from '@staff-portal/shared/errors';
import type { LeaveBalance } from '@staff-portal/shared/leave';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { getApprovals } from './get-approvals';
import { getMyLeave } from './get-my-leave';
import { getMyRequests } from './get-my-requests';
import { leaveKeys } from './leave-keys';
import { useQuietLeaveClient } from './quiet-leave-client';

export interface HomeLeaveSummary {
  /** Null when the user has no staff leave record. */
  balances: LeaveBalance[] | null;
  pendingRequests: number | null;
  approvalsWaiting: number | null;
}

/** A refusal (no staff record, not an approver) means "nothing to show" on the home page. */
async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isAppError(error) && (error.status === 403 || error.status === 404)) return null;
    throw error;
  }
}

/**
 * The home page's leave glance (PRODUCT.md §4): my balances, my pending requests, approvals
 * waiting for me. Composed of the leave endpoints; each part may be missing for this user.
 */
export async function getHomeSummary(client: ApiClient, year: number, signal?: AbortSignal): Promise<HomeLeaveSummary> {
  const [me, pending, approvals] = await Promise.all([
    orNull(getMyLeave(client, year, signal)),
    orNull(getMyRequests(client, { year, status: 0, page: 1, pageSize: 1 }, signal)),
    orNull(getApprovals(client, signal)),
  ]);
  return {
    balances: me?.balances ?? null,
    pendingRequests: pending?.total ?? null,
    approvalsWaiting: approvals?.length ?? null,
  };
}

export const homeSummaryQueryOptions = (client: ApiClient, year: number) =>
  queryOptions({
    queryKey: [...leaveKeys.all, 'home-summary', year] as const,
    queryFn: ({ signal }) => getHomeSummary(client, year, signal),
  });

export function useHomeSummary(year: number, { enabled = true }: { enabled?: boolean } = {}) {
  // Quiet: the home page must not greet anyone with an error about a module they do not use.
  const client = useQuietLeaveClient();
  return useQuery({ ...homeSummaryQueryOptions(client, year), enabled });
}
