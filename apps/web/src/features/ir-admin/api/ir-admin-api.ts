import { categoryListSchema, categorySchema } from '@staff-portal/shared/ir';
import type { Category } from '@staff-portal/shared/ir';
import {
  importLineSchema,
  memberImportPreviewSchema,
  workloadSchema,
  type ImportLine,
  type ImportMode,
  type MemberCsvRow,
  type MemberImportPreview,
} from '@staff-portal/shared/ir-admin';
import { AppError } from '@staff-portal/shared/errors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext } from 'react';
import { joinUrl, TokenProviderContext, useApiClient } from '../../../lib/api-client';
import { useRuntimeConfig } from '../../../lib/runtime-config';

/**
 * The IR admin screen's calls: the IR module's categories endpoints (GET /ir/categories,
 * POST and PATCH /ir/admin/categories), and this module's workload, member import and export.
 */
export const irAdminKeys = {
  categories: () => ['ir', 'categories'] as const,
  workload: () => ['ir-admin', 'workload'] as const,
};

export function useCategories() {
  const { ir } = useApiClient();
  return useQuery({
    queryKey: irAdminKeys.categories(),
    queryFn: async ({ signal }): Promise<Category[]> =>
      categoryListSchema.parse(await ir.get('/ir/categories', { signal })),
  });
}

export function useSaveCategory() {
  const { ir } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id?: string; name?: string; active?: boolean }): Promise<Category> => {
      const { id, ...body } = input;
      return categorySchema.parse(
        id === undefined
          ? await ir.post('/ir/admin/categories', body)
          : await ir.patch(`/ir/admin/categories/${encodeURIComponent(id)}`, body),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: irAdminKeys.categories() }),
  });
}

export function useWorkload() {
  const { ir } = useApiClient();
  return useQuery({
    queryKey: irAdminKeys.workload(),
    queryFn: async ({ signal }) => workloadSchema.parse(await ir.get('/ir/admin/workload', { signal })),
  });
}

export function usePreviewImport() {
  const { ir } = useApiClient();
  return useMutation({
    mutationFn: async (rows: MemberCsvRow[]): Promise<MemberImportPreview> =>
      memberImportPreviewSchema.parse(await ir.post('/ir/admin/members/import/preview', { rows })),
  });
}

/**
 * `POST /ir/admin/members/import`: the rows go up once; the answer is NDJSON, one line per
 * batch written (decision record 0045), read as it comes so the progress bar moves. Resolves with
 * the last line (done or failed); a refusal before the first line is the API's AppError.
 */
export function useImportMembers() {
  const { api } = useRuntimeConfig();
  const getToken = useContext(TokenProviderContext);
  return async (mode: ImportMode, rows: MemberCsvRow[], onLine: (line: ImportLine) => void): Promise<ImportLine> => {
    const token = await getToken();
    const response = await fetch(joinUrl(api.irApiUrl, '/ir/admin/members/import'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ mode, rows }),
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
    let last: ImportLine = { type: 'failed', message: 'The answer ended early.' };
    let buffered = '';
    const take = (text: string) => {
      buffered += text;
      let end = buffered.indexOf('\n');
      while (end !== -1) {
        const line = buffered.slice(0, end).trim();
        buffered = buffered.slice(end + 1);
        if (line !== '') {
          last = importLineSchema.parse(JSON.parse(line));
          onLine(last);
        }
        end = buffered.indexOf('\n');
      }
    };
    if (response.body) {
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        take(value);
      }
    } else {
      take(await response.text());
    }
    take('\n');
    return last;
  };
}
