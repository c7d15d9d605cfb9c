import { withQuery } from '../../../lib/api-client';
import { useDownloadFile } from '../../../lib/download';
import type { CaseQuery } from './search-cases';

export type CaseExportQuery = Omit<CaseQuery, 'page' | 'pageSize'>;

/** The address of the CSV of every case the filters match, in the list's order (no paging). */
export const casesCsvPath = (query: CaseExportQuery) => withQuery('/ir/grievances/export.csv', { ...query });

/**
 * `GET /ir/grievances/export.csv`: the filtered cases as a CSV file, streamed by the server and
 * downloaded with the signed-in user's token. A refusal comes back as the API's AppError.
 */
export function useExportCases() {
  const download = useDownloadFile('ir');
  return (query: CaseExportQuery, fileName: string) => download(casesCsvPath(query), fileName);
}
