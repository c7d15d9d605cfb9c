import { withQuery } from '../../../lib/api-client';
import { useDownloadFile } from '../../../lib/download';
import type { ActivityFilters } from './get-activity';

/** The address of the CSV of every entry the filters match (no paging). */
export const activityCsvPath = (filters: ActivityFilters) => withQuery('/it-admin/activity.csv', { ...filters });

/**
 * `GET /it-admin/activity.csv`: the filtered activity as a CSV file, streamed by the server and
 * downloaded with the signed-in user's token. A refusal comes back as the API's AppError.
 */
export function useExportActivity() {
  const download = useDownloadFile();
  return (filters: ActivityFilters, fileName: string) => download(activityCsvPath(filters), fileName);
}
