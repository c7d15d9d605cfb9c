import { teamPeopleSchema } from '@staff-portal/shared/team';
import type { TeamPeople } from '@staff-portal/shared/team';
import { queryOptions } from '@tanstack/react-query';
import { useApiClient, withQuery } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { teamSpaceKeys } from './team-space-keys';
import { useListQuery } from '../../../lib/list-query';

export interface TeamPeopleQuery {
  /** Part of a name or an e-mail address. */
  search?: string | undefined;
  /** Omitted: every department the caller may look at (their own; every one for ADMIN). */
  department?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

/** `GET /team/people`: the people of my department (ADMIN: of every one, or one), searched and paged. */
export async function getTeamPeople(
  client: ApiClient,
  query: TeamPeopleQuery,
  signal?: AbortSignal,
): Promise<TeamPeople> {
  return teamPeopleSchema.parse(await client.get(withQuery('/team/people', { ...query }), { signal }));
}

export const teamPeopleQueryOptions = (client: ApiClient, query: TeamPeopleQuery) =>
  queryOptions({
    queryKey: teamSpaceKeys.people(query),
    queryFn: ({ signal }) => getTeamPeople(client, query, signal),
  });

export function useTeamPeople(query: TeamPeopleQuery) {
  const { leave } = useApiClient();
  return useListQuery(teamPeopleQueryOptions(leave, query));
}
