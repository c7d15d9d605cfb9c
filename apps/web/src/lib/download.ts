import { AppError } from '@staff-portal/shared/errors';
import { useContext } from 'react';
import { joinUrl, TokenProviderContext } from './api-client';
import { useRuntimeConfig } from './runtime-config';

/** Hands a file to the browser as a download under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Hands a text (a CSV made in the browser) to the browser as a file download. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  // A byte-order mark so Excel reads the UTF-8 (names with accents, Malay text) correctly.
  saveBlob(new Blob(['\uFEFF', text], { type }), fileName);
}

/**
 * Downloads a file the leave API (the XLSX report), or the IR API (`backend` 'ir': a case
 * export, an action's attachment), answers, with the signed-in user's token, and hands it to the
 * browser; a refusal comes back as the API's AppError.
 */
export function useDownloadFile(backend: 'leave' | 'ir' = 'leave') {
  const { api } = useRuntimeConfig();
  const getToken = useContext(TokenProviderContext);
  const baseUrl = backend === 'ir' ? api.irApiUrl : api.leaveApiUrl;
  return async (path: string, fileName: string) => {
    const token = await getToken();
    const response = await fetch(joinUrl(baseUrl, path), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok) {
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      throw AppError.fromBody(body, response.status);
    }
    saveBlob(await response.blob(), fileName);
  };
}
