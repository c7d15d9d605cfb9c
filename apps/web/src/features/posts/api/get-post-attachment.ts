import { AppError } from '@staff-portal/shared/errors';
import type { PostAttachment } from '@staff-portal/shared/posts';
import { useMutation, useQueries } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { useContext } from 'react';
import { joinUrl, NETWORK_ERROR_CODE, TokenProviderContext } from '../../../lib/api-client';
import type { TokenProvider } from '../../../lib/api-client';
import { useDownloadFile } from '../../../lib/download';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { postsKeys } from './posts-keys';

/** `GET /posts/{id}/attachments/{attachmentId}`: a file of a post I may read. */
export const postAttachmentPath = (postId: string, attachmentId: string) =>
  `/posts/${encodeURIComponent(postId)}/attachments/${encodeURIComponent(attachmentId)}`;

/** The images a post shows inline; its other files are downloads. */
export const isImage = (attachment: PostAttachment) => attachment.contentType.startsWith('image/');

/**
 * A post's file as bytes. The API needs the bearer token, which an `<img src>` cannot send, so
 * images are fetched here and shown from the blob; a refusal arrives as the API's error.
 */
export async function getPostAttachment(
  baseUrl: string,
  getToken: TokenProvider,
  postId: string,
  attachmentId: string,
  signal?: AbortSignal,
): Promise<Blob> {
  const token = await getToken();
  const headers = new Headers();
  if (token !== undefined && token !== '') headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(joinUrl(baseUrl, postAttachmentPath(postId, attachmentId)), {
      headers,
      ...(signal === undefined ? {} : { signal }),
    });
  } catch (error) {
    if (signal?.aborted === true) throw error;
    throw new AppError(NETWORK_ERROR_CODE, 'Network error', { status: 0 });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw AppError.fromBody(body, response.status);
  }
  return response.blob();
}

/** The blobs of the given files, by attachment id, as they arrive. */
const blobsById = (results: UseQueryResult<{ id: string; blob: Blob }>[]) =>
  new Map(
    results.flatMap((result) => (result.data === undefined ? [] : [[result.data.id, result.data.blob] as const])),
  );

/** Fetches a post's images; answers those that have come, by attachment id (one Map while none changes). */
export function usePostImages(postId: string, images: readonly PostAttachment[]): Map<string, Blob> {
  const { api } = useRuntimeConfig();
  const getToken = useContext(TokenProviderContext);
  return useQueries({
    queries: images.map((image) => ({
      queryKey: [...postsKeys.readerPost(postId), 'attachment', image.id] as const,
      queryFn: async ({ signal }: { signal: AbortSignal }) => ({
        id: image.id,
        blob: await getPostAttachment(api.leaveApiUrl, getToken, postId, image.id, signal),
      }),
      // A file never changes under its id (files are added and removed, not edited).
      staleTime: Infinity,
    })),
    combine: blobsById,
  });
}

/** Downloads a post's file under its own name. */
export function useDownloadPostAttachment(postId: string) {
  const download = useDownloadFile('leave');
  return useMutation({
    mutationFn: (attachment: PostAttachment) =>
      download(postAttachmentPath(postId, attachment.id), attachment.fileName),
  });
}
