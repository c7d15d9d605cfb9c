import { teamAwaySchema } from '@staff-portal/shared/team';
import type { TeamAway } from '@staff-portal/shared/team';
import { queryOptions } from '@tanstack/react-query';
import { useApiClient, withQuery } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { teamSpaceKeys } from './team-space-keys';
import { useListQuery } from '../../../lib/list-query';

export interface TeamAwayQuery {
  /** Omitted: every department the caller may look at (their own; every one for ADMIN). */
  department?: string | undefined;
}

/** `GET /team/away`: who of my department (ADMIN: of every one, or one) is away today and this week. */
export async function getTeamAway(client: ApiClient, query: TeamAwayQuery, signal?: AbortSignal): Promise<TeamAway> {
  return teamAwaySchema.parse(await client.get(withQuery('/team/away', { ...query }), { signal }));
}

export const teamAwayQueryOptions = (client: ApiClient, query: TeamAwayQuery) =>
  queryOptions({
    queryKey: teamSpaceKeys.away(query),
    queryFn: ({ signal }) => getTeamAway(client, query, signal),
  });

export function useTeamAway(query: TeamAwayQuery) {
  const { leave } = useApiClient();
  return useListQuery(teamAwayQueryOptions(leave, query));
}
