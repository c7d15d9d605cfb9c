import { AppError } from '@staff-portal/shared/errors';
import { useMutation } from '@tanstack/react-query';
import { useContext } from 'react';
import { joinUrl, NETWORK_ERROR_CODE, TokenProviderContext } from '../../../lib/api-client';
import type { TokenProvider } from '../../../lib/api-client';
import { useRuntimeConfig } from '../../../lib/runtime-config';

export interface Attachment {
  blob: Blob;
  fileName: string;
}

function fileNameOf(disposition: string | null): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? 'attachment';
}

/**
 * `GET /leave/requests/:referenceId/attachment`: the file itself, for the applicant, their
 * approver and HR admins. Bytes, not JSON, so it goes past the JSON client, with the same
 * bearer token; a refusal still arrives as the API's error body.
 */
export async function getAttachment(
  baseUrl: string,
  getToken: TokenProvider,
  referenceId: string,
): Promise<Attachment> {
  const token = await getToken();
  const headers = new Headers();
  if (token !== undefined && token !== '') headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(joinUrl(baseUrl, `/leave/requests/${encodeURIComponent(referenceId)}/attachment`), {
      headers,
    });
  } catch {
    throw new AppError(NETWORK_ERROR_CODE, 'Network error', { status: 0 });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw AppError.fromBody(body, response.status);
  }
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
}

/** Fetches an attachment and hands it to the browser (its PDF or image viewer, or a download). */
export function useOpenAttachment() {
  const { api } = useRuntimeConfig();
  const getToken = useContext(TokenProviderContext);
  return useMutation({
    mutationFn: async (referenceId: string) => {
      const attachment = await getAttachment(api.leaveApiUrl, getToken, referenceId);
      const url = URL.createObjectURL(attachment.blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = attachment.fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return attachment;
    },
  });
}
