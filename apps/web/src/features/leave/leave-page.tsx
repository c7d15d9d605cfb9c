import AttachFileIcon from '@mui/icons-material/AttachFile';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { isAppError } from '@staff-portal/shared/errors';
import { LEAVE_STATUS } from '@staff-portal/shared/leave';
import type { LeaveRequest, LeaveType } from '@staff-portal/shared/leave';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DateField } from '../../components/date-field';
import { useNotification } from '../../components/notification-context';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { useCancelLeave } from './api/cancel-leave';
import { useOpenAttachment } from './api/get-attachment';
import { useLeaveTypes } from './api/get-leave-types';
import { MAX_PAGE_SIZE, useMyRequests } from './api/get-my-requests';
import { readRequestSort, requestSortHeaders } from './request-sort';
import { useListParams } from '../../lib/use-list-params';
import { useMyLeave } from './api/get-my-leave';
import { ApplyLeaveForm } from './components/apply-leave-form';
import { BalanceCards } from './components/balance-cards';
import { PageFrame } from '../../components/page-frame';
import { QueryState } from '../../components/query-state';
import { RemarksDialog } from '../../components/remarks-dialog';
import { RequestHistoryDialog } from './components/request-history-dialog';
import { RequestList } from '../../components/leave-request-list';
import { formatDateRange, todayIn } from '../../lib/dates';
import { leaveNs } from '../../locales/leave';

/** What the applicant may do with a request (docs/product/leave.md): cancel it, or ask to. */
export function cancelActionFor(request: LeaveRequest, types: readonly LeaveType[]): 'cancel' | 'request' | null {
  if (request.status === LEAVE_STATUS.PENDING) return 'cancel';
  if (request.status === LEAVE_STATUS.APPROVED) {
    const type = types.find((candidate) => candidate.id === request.leaveTypeId);
    return type?.cancellable === true ? 'request' : null;
  }
  return null;
}

function Section({ title, children, action }: { title: string; children: React.ReactNode; action?: React.ReactNode }) {
  const id = useId();
  return (
    <Card component="section" variant="outlined" aria-labelledby={id} sx={{ mb: 3 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 2, gap: 2, flexWrap: 'wrap' }}
        >
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
// The dates the API answers balances for.
const MIN_DATE = '2000-01-01';
const MAX_DATE = '2100-12-31';

/** The date balances are shown as at; a date being typed or cleared leaves the last one in use. */
function AsAtField({ value, today, onChange }: { value: string; today: string; onChange: (date: string) => void }) {
  const { t } = useTranslation(leaveNs);
  const [text, setText] = useState(value);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <DateField
        size="small"
        label={t('myLeaves.balances.asAt')}
        value={text}
        onChange={(date) => {
          setText(date);
          if (ISO_DATE.test(date) && date >= MIN_DATE && date <= MAX_DATE) onChange(date);
        }}
        min={MIN_DATE}
        max={MAX_DATE}
      />
      {value !== today && (
        <Button
          size="small"
          onClick={() => {
            setText(today);
            onChange(today);
          }}
        >
          {t('myLeaves.balances.today')}
        </Button>
      )}
    </Stack>
  );
}

/** `/shared/hr-services/leave/my-leaves` (LeavePage). */
export function LeavePage() {
  const { t, i18n } = useTranslation(leaveNs);
  const locale = i18n.resolvedLanguage ?? 'en';
  const { organisation } = useRuntimeConfig();
  const { notify } = useNotification();
  const today = todayIn(organisation.timeZone);
  const year = Number(today.slice(0, 4));
  // Balances as at a date (docs/product/leave.md): today unless the user picks another.
  const [asAt, setAsAt] = useState(today);
  const balanceYear = Number(asAt.slice(0, 4));
  // "Show all" stays open while the balances of another date load (the cards are drawn anew).
  const [showAllTypes, setShowAllTypes] = useState(false);

  const myLeave = useMyLeave(asAt);
  const types = useLeaveTypes();
  // Without a staff leave record (403) there is nothing to apply for or list: the balances
  // section says why, once.
  const noStaffRecord = isAppError(myLeave.error) && myLeave.error.status === 403;
  // This year's requests and every later one: a request for next January made in December shows.
  // Sorted as the URL says (`?sort=days`), by default the latest first.
  const { params, change } = useListParams();
  const sorting = readRequestSort(params);
  const requests = useMyRequests(
    { from: `${year}-01-01`, page: 1, pageSize: MAX_PAGE_SIZE, ...sorting },
    { enabled: myLeave.isSuccess },
  );
  const cancel = useCancelLeave();
  const openAttachment = useOpenAttachment();

  const [cancelling, setCancelling] = useState<{ request: LeaveRequest; kind: 'cancel' | 'request' } | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);

  const confirmCancel = (remarks: string) => {
    if (cancelling === null) return;
    const { request, kind } = cancelling;
    cancel.mutate(
      { referenceId: request.referenceId, remarks },
      {
        onSuccess: () => {
          notify({
            message: t(kind === 'cancel' ? 'cancel.cancelled' : 'cancel.requested', {
              referenceId: request.referenceId,
            }),
            severity: 'success',
          });
          setCancelling(null);
        },
        // The notification shows the server's reason; the dialog closes as the list refreshes.
        onError: () => setCancelling(null),
      },
    );
  };

  return (
    <PageFrame title={t('myLeaves.title')}>
      <Section
        title={t('myLeaves.balances.heading', { year: balanceYear })}
        action={!noStaffRecord && <AsAtField value={asAt} today={today} onChange={setAsAt} />}
      >
        <QueryState
          query={myLeave}
          isEmpty={(data) => data.balances.length === 0}
          emptyText={t('myLeaves.balances.empty', { year: balanceYear })}
        >
          {(data) => <BalanceCards balances={data.balances} showAll={showAllTypes} onShowAll={setShowAllTypes} />}
        </QueryState>
      </Section>

      {!noStaffRecord && (
        <>
          <Card variant="outlined" sx={{ mb: 3 }}>
            <CardContent sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
              <QueryState query={types}>
                {(data) => <ApplyLeaveForm leaveTypes={data} person={myLeave.data?.staff} />}
              </QueryState>
            </CardContent>
          </Card>

          <Section
            title={t('myLeaves.requests.heading', { year })}
            action={
              <Link component={RouterLink} to="/shared/hr-services/leave/my-leaves/history">
                {t('allRequests')}
              </Link>
            }
          >
            <QueryState
              query={requests}
              isEmpty={(data) => data.items.length === 0}
              emptyText={t('myLeaves.requests.empty', { year })}
            >
              {(data) => (
                <RequestList
                  requests={data.items}
                  label={t('myLeaves.requests.heading', { year })}
                  sortHeader={requestSortHeaders(sorting, change)}
                  actions={(request) => {
                    const kind = cancelActionFor(request, types.data ?? []);
                    return (
                      <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
                        {kind !== null && (
                          <Button
                            size="small"
                            variant="outlined"
                            color={kind === 'cancel' ? 'error' : 'primary'}
                            aria-label={t(
                              kind === 'cancel' ? 'cancel.cancelLabel' : 'cancel.requestCancellationLabel',
                              {
                                referenceId: request.referenceId,
                              },
                            )}
                            onClick={() => setCancelling({ request, kind })}
                            // Wraps to two lines beside the sidebar, so the table fits without scrolling.
                            sx={{ whiteSpace: 'normal', lineHeight: 1.25, textAlign: 'center' }}
                          >
                            {t(kind === 'cancel' ? 'cancel.cancel' : 'cancel.requestCancellation')}
                          </Button>
                        )}
                        {request.hasAttachment && (
                          <Tooltip title={t('openAttachment')}>
                            <IconButton
                              size="small"
                              color="primary"
                              aria-label={t('openAttachmentLabel', { referenceId: request.referenceId })}
                              onClick={() => openAttachment.mutate(request.referenceId)}
                            >
                              <AttachFileIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                        <Tooltip title={t('historyDialog.button')}>
                          <IconButton
                            size="small"
                            color="primary"
                            aria-label={t('historyDialog.open', { referenceId: request.referenceId })}
                            onClick={() => setHistoryOf(request.referenceId)}
                          >
                            <HistoryIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </Box>
                    );
                  }}
                />
              )}
            </QueryState>
          </Section>
        </>
      )}

      <RemarksDialog
        open={cancelling !== null}
        title={t(cancelling?.kind === 'request' ? 'cancel.titleRequest' : 'cancel.titleCancel')}
        body={
          cancelling === null
            ? ''
            : t(cancelling.kind === 'request' ? 'cancel.bodyRequest' : 'cancel.bodyCancel', {
                referenceId: cancelling.request.referenceId,
                type: cancelling.request.leaveTypeName,
                dates: formatDateRange(cancelling.request.startDate, cancelling.request.endDate, locale),
              })
        }
        remarksLabel={t('cancel.remarks')}
        confirmLabel={t('cancel.confirm')}
        backLabel={t('cancel.keep')}
        confirmColour="error"
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setCancelling(null)}
      />
      <RequestHistoryDialog referenceId={historyOf} onClose={() => setHistoryOf(null)} />
    </PageFrame>
  );
}
