import { bulkPreviewSchema } from '@staff-portal/shared/access-control-bulk';
import type { BulkPreview, BulkPreviewInput } from '@staff-portal/shared/access-control-bulk';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';

/**
 * `POST /access-control/accounts/bulk/preview`: a CSV file's rows, each with its problems (the
 * e-mails that already have an account included). Nothing is written, so nothing is invalidated.
 */
export async function previewBulk(client: ApiClient, input: BulkPreviewInput): Promise<BulkPreview> {
  return bulkPreviewSchema.parse(await client.post('/access-control/accounts/bulk/preview', input));
}

export function usePreviewBulk() {
  const { leave } = useApiClient();
  return useMutation({ mutationFn: (input: BulkPreviewInput) => previewBulk(leave, input) });
}
