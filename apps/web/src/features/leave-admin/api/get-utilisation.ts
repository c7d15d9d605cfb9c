import { utilisationReportSchema } from '@staff-portal/shared/leave-admin';
import type { UtilisationReport } from '@staff-portal/shared/leave-admin';
import { queryOptions } from '@tanstack/react-query';
import { useApiClient, withQuery } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { useListQuery } from '../../../lib/list-query';

/** `GET /leave/admin/reports/utilisation?year=`: leave taken by department and type. */
export async function getUtilisation(
  client: ApiClient,
  year: number,
  signal?: AbortSignal,
): Promise<UtilisationReport> {
  return utilisationReportSchema.parse(
    await client.get(withQuery('/leave/admin/reports/utilisation', { year }), { signal }),
  );
}

export const utilisationQueryOptions = (client: ApiClient, year: number) =>
  queryOptions({
    queryKey: adminKeys.utilisation(year),
    queryFn: ({ signal }) => getUtilisation(client, year, signal),
  });

export function useUtilisation(year: number) {
  const { leave } = useApiClient();
  return useListQuery(utilisationQueryOptions(leave, year));
}
