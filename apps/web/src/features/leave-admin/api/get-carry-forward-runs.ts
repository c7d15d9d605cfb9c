import { carryForwardRunSchema } from '@staff-portal/shared/leave-admin';
import type { CarryForwardRun } from '@staff-portal/shared/leave-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** `GET /leave/admin/carry-forward/runs`: the year-end runs, applied and reversed. */
export async function getCarryForwardRuns(client: ApiClient, signal?: AbortSignal): Promise<CarryForwardRun[]> {
  return z.array(carryForwardRunSchema).parse(await client.get('/leave/admin/carry-forward/runs', { signal }));
}

export const carryForwardRunsQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: adminKeys.runs(), queryFn: ({ signal }) => getCarryForwardRuns(client, signal) });

export function useCarryForwardRuns() {
  const { leave } = useApiClient();
  return useQuery(carryForwardRunsQueryOptions(leave));
}
