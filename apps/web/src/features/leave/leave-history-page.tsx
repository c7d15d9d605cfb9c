import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import { LEAVE_TYPE_ID, leaveStatusLabel } from '@staff-portal/shared/leave';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotification } from '../../components/notification-context';
import { useApiClient } from '../../lib/api-client';
import { reportError } from '../../lib/report-error';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { useLeaveTypes } from './api/get-leave-types';
import { getAllMyRequests, useMyRequests } from './api/get-my-requests';
import type { MyRequestsQuery } from './api/get-my-requests';
import { ListFilters } from '../../components/list/list-filters';
import { ListPagination } from '../../components/list/list-pagination';
import { PageFrame } from '../../components/page-frame';
import { QueryState } from '../../components/query-state';
import { RequestList } from '../../components/leave-request-list';
import { todayIn } from '../../lib/dates';
import { requestsCsv } from './history-csv';
import { readRequestSort, requestSortHeaders } from './request-sort';
import { downloadText } from '../../lib/download';
import { leaveNs } from '../../locales/leave';
import { useListParams } from '../../lib/use-list-params';
import { SelectField } from '../../components/select-field';

const PAGE_SIZES = [10, 20, 50, 100];
const DEFAULT_PAGE_SIZE = 20;
const YEARS_BACK = 6;
const STATUSES = [0, 1, 2, 3, 4, 5];

const intParam = (value: string | null, min: number, max: number): number | undefined => {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
};

/**
 * The filters live in the URL (`?year=2026&type=LVE0001&status=1&page=2`), so a filtered list
 * can be bookmarked, shared and returned to with Back. Values the API would refuse are ignored.
 */
export function readFilters(
  params: URLSearchParams,
): Required<Pick<MyRequestsQuery, 'page' | 'pageSize'>> & MyRequestsQuery {
  const type = params.get('type');
  const pageSize = intParam(params.get('pageSize'), 1, 100);
  return {
    year: intParam(params.get('year'), 2000, 2100),
    leaveTypeId: type !== null && LEAVE_TYPE_ID.test(type) ? type : undefined,
    status: intParam(params.get('status'), 0, 5),
    ...readRequestSort(params),
    page: intParam(params.get('page'), 1, 1_000_000) ?? 1,
    pageSize: pageSize !== undefined && PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** `/shared/hr-services/leave/my-leaves/history` (LeaveHistoryPage). */
export function LeaveHistoryPage() {
  const { t } = useTranslation(leaveNs);
  const { organisation } = useRuntimeConfig();
  const { leave } = useApiClient();
  const { notify } = useNotification();
  const { params, change } = useListParams();
  const filters = readFilters(params);
  const types = useLeaveTypes();
  const requests = useMyRequests(filters);
  const [exporting, setExporting] = useState(false);

  const thisYear = Number(todayIn(organisation.timeZone).slice(0, 4));
  const years = Array.from({ length: YEARS_BACK }, (_, index) => thisYear + 1 - index);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { year, leaveTypeId, status, sort, order } = filters;
      // In the order shown.
      const all = await getAllMyRequests(leave, { year, leaveTypeId, status, sort, order });
      const csv = requestsCsv(
        all,
        {
          reference: t('fields.reference'),
          type: t('fields.type'),
          startDate: t('fields.startDate'),
          endDate: t('fields.endDate'),
          dayType: t('fields.dayType'),
          days: t('fields.days'),
          status: t('fields.status'),
          reason: t('fields.reason'),
          approver: t('fields.approver'),
          remarks: t('fields.remarks'),
          appliedOn: t('fields.appliedOn'),
        },
        organisation.timeZone,
      );
      downloadText(csv, `${t('history.fileName')}-${year ?? t('history.all').toLowerCase()}.csv`);
      notify({ message: t('history.exported', { count: all.length }), severity: 'success' });
    } catch (error) {
      reportError(error, notify);
    } finally {
      setExporting(false);
    }
  };

  return (
    <PageFrame title={t('history.title')}>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          {/* No search box: all three filters fold behind Filters on a phone. */}
          <ListFilters
            label={t('history.filters')}
            activeCount={
              [filters.year, filters.leaveTypeId, filters.status].filter((value) => value !== undefined).length
            }
            actions={
              <Button
                variant="outlined"
                startIcon={exporting ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
                disabled={exporting || requests.data?.total === 0}
                onClick={() => void exportCsv()}
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                {exporting ? t('history.exporting') : t('history.export')}
              </Button>
            }
          >
            <SelectField
              size="small"
              label={t('history.year')}
              value={filters.year === undefined ? '' : String(filters.year)}
              onChange={(year) => change({ year })}
              options={[
                { value: '', label: t('history.all') },
                ...years.map((year) => ({ value: String(year), label: String(year) })),
              ]}
              sx={{ minWidth: 120 }}
            />
            <SelectField
              size="small"
              label={t('history.type')}
              value={filters.leaveTypeId ?? ''}
              onChange={(type) => change({ type })}
              options={[
                { value: '', label: t('history.all') },
                ...(types.data ?? []).map((type) => ({ value: type.id, label: type.name })),
              ]}
              sx={{ minWidth: 200 }}
            />
            <SelectField
              size="small"
              label={t('history.status')}
              value={filters.status === undefined ? '' : String(filters.status)}
              onChange={(status) => change({ status })}
              options={[
                { value: '', label: t('history.all') },
                ...STATUSES.map((status) => ({
                  value: String(status),
                  label:
                    status === 5 ? `${leaveStatusLabel(status)} (${t('history.byAdmin')})` : leaveStatusLabel(status),
                })),
              ]}
              sx={{ minWidth: 200 }}
            />
          </ListFilters>

          <QueryState query={requests} isEmpty={(data) => data.items.length === 0} emptyText={t('history.empty')}>
            {(data) => (
              <>
                <RequestList
                  requests={data.items}
                  label={t('history.title')}
                  sortHeader={requestSortHeaders(filters, change)}
                />
                <ListPagination
                  total={data.total}
                  page={filters.page}
                  pageSize={filters.pageSize}
                  pageSizes={PAGE_SIZES}
                  onPage={(page) => change({ page: String(page) })}
                  // The usual size is left out of the URL.
                  onPageSize={(size) => change({ pageSize: size === DEFAULT_PAGE_SIZE ? '' : String(size) })}
                />
              </>
            )}
          </QueryState>
        </CardContent>
      </Card>
    </PageFrame>
  );
}
