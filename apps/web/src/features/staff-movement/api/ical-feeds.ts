import { icalFeedSchema } from '@staff-portal/shared/staff-movement';
import type { IcalFeed, IcalFeedInput } from '@staff-portal/shared/staff-movement';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { staffMovementKeys } from './staff-movement-keys';

/** `GET /leave/ical-feeds`: my feeds that are not revoked. */
export async function getIcalFeeds(client: ApiClient, signal?: AbortSignal): Promise<IcalFeed[]> {
  return icalFeedSchema.array().parse(await client.get('/leave/ical-feeds', { signal }));
}

export const icalFeedsQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: staffMovementKeys.feeds(), queryFn: ({ signal }) => getIcalFeeds(client, signal) });

export function useIcalFeeds() {
  const { leave } = useApiClient();
  return useQuery(icalFeedsQueryOptions(leave));
}

/** `POST /leave/ical-feeds`. */
export async function createIcalFeed(client: ApiClient, input: IcalFeedInput): Promise<IcalFeed> {
  return icalFeedSchema.parse(await client.post('/leave/ical-feeds', input));
}

/** `DELETE /leave/ical-feeds/:id`: the address stops working at once. */
export async function revokeIcalFeed(client: ApiClient, id: number): Promise<void> {
  await client.delete(`/leave/ical-feeds/${id}`);
}

export function useCreateIcalFeed() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IcalFeedInput) => createIcalFeed(leave, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffMovementKeys.feeds() }),
  });
}

export function useRevokeIcalFeed() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => revokeIcalFeed(leave, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffMovementKeys.feeds() }),
  });
}
