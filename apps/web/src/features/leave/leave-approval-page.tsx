import AttachFileIcon from '@mui/icons-material/AttachFile';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LEAVE_STATUS } from '@staff-portal/shared/leave';
import type { ApprovalItem } from '@staff-portal/shared/leave';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isNoStaffRecord } from '../../components/no-staff-record';
import { StatusChip } from '../../components/status-chip';
import { useNotification } from '../../components/notification-context';
import { useBulkApprove, useDecideLeave } from './api/decide-leave';
import { useOpenAttachment } from './api/get-attachment';
import { useApprovals } from './api/get-approvals';
import { useProgressiveList } from '../../lib/use-progressive-list';
import { PageFrame } from '../../components/page-frame';
import { QueryState } from '../../components/query-state';
import { RemarksDialog } from '../../components/remarks-dialog';
import { useBalanceNotes } from '../../lib/balance-notes';
import { formatDateRange, formatDayCount } from '../../lib/dates';
import { leaveNs } from '../../locales/leave';

const isCancellation = (item: ApprovalItem) =>
  item.status === LEAVE_STATUS.PENDING_CANCELLATION || item.status === LEAVE_STATUS.PENDING_CANCELLATION_BY_ADMIN;

type Deciding = { item: ApprovalItem; decision: 'approve' | 'reject' } | { bulk: string[] };

function ApprovalCard({
  item,
  selected,
  onSelect,
  onDecide,
  onOpenAttachment,
}: {
  item: ApprovalItem;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onDecide: (decision: 'approve' | 'reject') => void;
  onOpenAttachment: () => void;
}) {
  const { t, i18n } = useTranslation(leaveNs);
  const locale = i18n.resolvedLanguage ?? 'en';
  const titleId = useId();
  const notesOf = useBalanceNotes();
  const cancellation = isCancellation(item);
  const days = `${t('days', { count: item.days })}${item.dayType === 0 ? '' : ` (${t(`dayType.${item.dayType}`)})`}`;
  return (
    <Card
      component="li"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ borderColor: selected ? 'primary.main' : undefined }}
    >
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Checkbox
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
            slotProps={{ input: { 'aria-label': t('approval.select', { referenceId: item.referenceId }) } }}
            sx={{ mt: -0.75, ml: -1 }}
          />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 0.5 }}>
              <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {item.staffName}
              </Typography>
              <Chip
                size="small"
                variant="outlined"
                color="primary"
                // A dark orange keeps the label at 4.5:1 on white; MUI's warning orange does not.
                sx={cancellation ? { color: '#9a4a00', borderColor: '#9a4a00' } : undefined}
                label={cancellation ? t('approval.cancellationRequest') : t('approval.newRequest')}
              />
              <StatusChip status={item.status} />
            </Stack>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3 }}>
              <Box>
                <Typography>
                  {item.leaveTypeName} · {formatDateRange(item.startDate, item.endDate, locale)} · {days}
                </Typography>
                {item.reason !== '' && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {t('fields.reason')}: {item.reason}
                  </Typography>
                )}
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {cancellation ? t('approval.balanceAfterCancellation') : t('approval.balanceAfter')}:{' '}
                  {item.years.length > 1 ? (
                    // Over New Year, each year's balance takes that year's days.
                    item.years.map((share, index) => (
                      <span key={share.year}>
                        {index > 0 && ' · '}
                        {t('approval.inYear', { year: share.year, days: formatDayCount(share.days, locale) })}{' '}
                        <Box component="strong" sx={{ color: share.balanceAfter < 0 ? 'error.main' : undefined }}>
                          {formatDayCount(share.balanceAfter, locale)}
                        </Box>
                      </span>
                    ))
                  ) : (
                    <Box component="strong" sx={{ color: item.balanceAfter < 0 ? 'error.main' : undefined }}>
                      {formatDayCount(item.balanceAfter, locale)}
                    </Box>
                  )}
                </Typography>
                {notesOf(item).map((note) => (
                  <Typography key={note} variant="body2" color="text.secondary">
                    {note}
                  </Typography>
                ))}
                <Typography variant="caption" color="text.secondary">
                  {item.referenceId}
                </Typography>
              </Box>

              <Box sx={{ mt: { xs: 1.5, md: 0 } }}>
                {item.overThreshold && (
                  <Alert severity="warning" icon={<WarningAmberIcon fontSize="inherit" />} sx={{ mb: 1 }}>
                    {t('approval.overThreshold')}
                  </Alert>
                )}
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t('approval.awayHeading')}
                </Typography>
                {item.awayOnDates.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('approval.awayNone')}
                  </Typography>
                ) : (
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {item.awayOnDates.map((away) => (
                      <Typography component="li" variant="body2" key={`${away.staffName}-${away.startDate}`}>
                        {away.staffName}: {formatDateRange(away.startDate, away.endDate, locale)}{' '}
                        <StatusChip status={away.status} />
                      </Typography>
                    ))}
                  </Box>
                )}
              </Box>
            </Box>
          </Box>
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {item.hasAttachment && (
          <Button
            startIcon={<AttachFileIcon />}
            aria-label={t('openAttachmentLabel', { referenceId: item.referenceId })}
            onClick={onOpenAttachment}
            sx={{ mr: 'auto' }}
          >
            {t('openAttachment')}
          </Button>
        )}
        <Button
          variant="outlined"
          color="error"
          aria-label={t('approval.rejectLabel', { referenceId: item.referenceId })}
          onClick={() => onDecide('reject')}
        >
          {t('approval.reject')}
        </Button>
        <Button
          variant="contained"
          aria-label={t('approval.approveLabel', { referenceId: item.referenceId })}
          onClick={() => onDecide('approve')}
        >
          {t('approval.approve')}
        </Button>
      </CardActions>
    </Card>
  );
}

/**
 * `/shared/hr-services/leave/approval` (LeaveApprovalPage). `actingApprover` is the acting-approver
 * set-up, composed in by app/routes (it belongs to the staff-movement feature), shown under the queue.
 */
export function LeaveApprovalPage({ actingApprover }: { actingApprover?: ReactNode } = {}) {
  const { t, i18n } = useTranslation(leaveNs);
  const locale = i18n.resolvedLanguage ?? 'en';
  const { notify } = useNotification();
  const approvals = useApprovals();
  const decide = useDecideLeave();
  const bulk = useBulkApprove();
  const openAttachment = useOpenAttachment();
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const [deciding, setDeciding] = useState<Deciding | null>(null);

  const items = approvals.data ?? [];
  // The first cards at once, the rest in a second pass (use-progressive-list.ts).
  const shownItems = useProgressiveList(items);
  // Requests decided elsewhere drop out of the selection when the queue refreshes.
  const selected = items.filter((item) => selection.has(item.referenceId)).map((item) => item.referenceId);
  const allSelected = items.length > 0 && selected.length === items.length;

  const select = (referenceId: string, on: boolean) =>
    setSelection((previous) => {
      const next = new Set(previous);
      if (on) next.add(referenceId);
      else next.delete(referenceId);
      return next;
    });

  const confirm = (remarks: string) => {
    if (deciding === null) return;
    if ('bulk' in deciding) {
      bulk.mutate(
        { referenceIds: deciding.bulk, remarks },
        {
          onSuccess: ({ approved, failed }) => {
            if (failed.length === 0) {
              notify({ message: t('approval.bulkDone', { count: approved.length }), severity: 'success' });
            } else {
              notify({
                message: t('approval.bulkPartial', {
                  approved: approved.length,
                  failed: failed.length,
                  reason: failed[0]?.message ?? '',
                }),
                severity: 'warning',
              });
            }
            setSelection(new Set());
            setDeciding(null);
          },
          onError: () => setDeciding(null),
        },
      );
      return;
    }
    const { item, decision } = deciding;
    decide.mutate(
      { referenceId: item.referenceId, decision, remarks },
      {
        onSuccess: () => {
          notify({
            message: t(decision === 'approve' ? 'approval.approved' : 'approval.rejected', {
              referenceId: item.referenceId,
            }),
            severity: 'success',
          });
          select(item.referenceId, false);
          setDeciding(null);
        },
        // A conflict (decided by someone else first) is shown by the notification with the
        // server's message; the queue refreshes on settle, so the request drops out.
        onError: () => setDeciding(null),
      },
    );
  };

  const dialog = (() => {
    if (deciding === null) return { title: '', body: '', approve: true };
    if ('bulk' in deciding) {
      return {
        title: t('approval.dialog.bulkTitle', { count: deciding.bulk.length }),
        body: items
          .filter((item) => deciding.bulk.includes(item.referenceId))
          .map((item) => `${item.staffName} (${formatDateRange(item.startDate, item.endDate, locale)})`)
          .join(', '),
        approve: true,
      };
    }
    const { item, decision } = deciding;
    return {
      title: t(decision === 'approve' ? 'approval.dialog.approveTitle' : 'approval.dialog.rejectTitle', {
        referenceId: item.referenceId,
      }),
      body: t('approval.dialog.summary', {
        applicant: item.staffName,
        type: item.leaveTypeName,
        dates: formatDateRange(item.startDate, item.endDate, locale),
        days: t('days', { count: item.days }),
      }),
      approve: decision === 'approve',
    };
  })();

  return (
    <PageFrame title={t('approval.title')} intro={t('approval.intro')}>
      <QueryState query={approvals} isEmpty={(data) => data.length === 0} emptyText={t('approval.empty')}>
        {(data) => (
          <>
            <Stack
              direction="row"
              sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, flexWrap: 'wrap', gap: 1 }}
            >
              <FormControlLabel
                control={
                  <Checkbox
                    checked={allSelected}
                    indeterminate={selected.length > 0 && !allSelected}
                    onChange={(event) =>
                      setSelection(event.target.checked ? new Set(data.map((item) => item.referenceId)) : new Set())
                    }
                  />
                }
                label={t('approval.selectAll')}
              />
              <Button
                variant="contained"
                disabled={selected.length === 0}
                onClick={() => setDeciding({ bulk: selected })}
              >
                {t('approval.bulkApprove', { count: selected.length })}
              </Button>
            </Stack>
            <Stack component="ul" spacing={2} aria-label={t('approval.title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {shownItems.map((item) => (
                <ApprovalCard
                  key={item.referenceId}
                  item={item}
                  selected={selection.has(item.referenceId)}
                  onSelect={(on) => select(item.referenceId, on)}
                  onDecide={(decision) => setDeciding({ item, decision })}
                  onOpenAttachment={() => openAttachment.mutate(item.referenceId)}
                />
              ))}
            </Stack>
          </>
        )}
      </QueryState>
      {/* The queue is what the page is for; delegating while away is occasional, so it comes after,
          and not at all without a staff record (there is nobody to delegate for). */}
      {/* Under the queue once it has come, so that the queue does not push it down under the user's pointer. */}
      {actingApprover !== undefined && !approvals.isPending && !isNoStaffRecord(approvals.error) && (
        <Box sx={{ mt: 3 }}>{actingApprover}</Box>
      )}
      <RemarksDialog
        open={deciding !== null}
        title={dialog.title}
        body={dialog.body}
        remarksLabel={dialog.approve ? t('approval.dialog.remarks') : t('approval.dialog.rejectReason')}
        {...(dialog.approve
          ? {}
          : {
              remarksHint: t('approval.dialog.rejectRemarksHint'),
              remarksRequired: t('approval.dialog.rejectReasonRequired'),
            })}
        confirmLabel={dialog.approve ? t('approval.dialog.confirmApprove') : t('approval.dialog.confirmReject')}
        backLabel={t('approval.dialog.back')}
        confirmColour={dialog.approve ? 'primary' : 'error'}
        busy={decide.isPending || bulk.isPending}
        onConfirm={confirm}
        onClose={() => setDeciding(null)}
      />
    </PageFrame>
  );
}
