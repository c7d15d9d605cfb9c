import type { ErrorDetail } from '@staff-portal/shared/error-reasons';
import { isAppError } from '@staff-portal/shared/errors';
import { leavePreviewSchema } from '@staff-portal/shared/leave';
import type { ApplyLeaveInput, LeavePreview } from '@staff-portal/shared/leave';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { leaveKeys } from './leave-keys';
import { useQuietApiClient } from '../../../lib/api-client';
import { useListQuery } from '../../../lib/list-query';

/** The day count and balance after, or the rule the request breaks and the field it names. */
export type PreviewResult =
  | { ok: true; preview: LeavePreview }
  | { ok: false; message: string; detail: ErrorDetail | undefined; field: string | undefined };

/**
 * `POST /leave/requests/preview`: writes nothing. A broken rule (400) is an answer here, not a
 * failure: the form shows it at its field while the user is still typing.
 */
export async function previewLeave(
  client: ApiClient,
  input: ApplyLeaveInput,
  signal?: AbortSignal,
): Promise<PreviewResult> {
  try {
    return {
      ok: true,
      preview: leavePreviewSchema.parse(await client.post('/leave/requests/preview', input, { signal })),
    };
  } catch (error) {
    if (isAppError(error) && error.status === 400) {
      return { ok: false, message: error.message, detail: error.detail, field: error.field };
    }
    throw error;
  }
}

export const previewQueryOptions = (client: ApiClient, input: ApplyLeaveInput | null) =>
  queryOptions({
    queryKey: leaveKeys.preview(input ?? {}),
    queryFn: ({ signal }) => previewLeave(client, input as ApplyLeaveInput, signal),
    enabled: input !== null,
    // A balance changes with every decision; never show a stale count as current.
    staleTime: 0,
  });

/** The live preview of a complete input (null: nothing to ask yet). */
export function useLeavePreview(input: ApplyLeaveInput | null) {
  const { leave: client } = useQuietApiClient();
  return useListQuery(previewQueryOptions(client, input));
}
