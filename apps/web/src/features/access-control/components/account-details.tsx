import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { accountIdSchema } from '@staff-portal/shared/access-control';
import { isAppError } from '@staff-portal/shared/errors';
import type { AccountDetail } from '@staff-portal/shared/access-control';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Facts } from '../../../components/facts';
import { QueryState } from '../../../components/query-state';
import { SidePanel } from '../../../components/side-panel';
import { useErrorText } from '../../../lib/error-text';
import { accountName, useAccountTexts } from '../account-texts';
import { useAccount } from '../api/get-account';
import { useDepartments } from '../api/get-departments';
import { AccountActions } from './account-actions';
import { AccountActivity } from './account-activity';
import { DepartmentsForm } from './departments-form';
import { StaffRecordSection } from './staff-record-section';
import type { StaffRecordCreator } from './staff-record-section';
import type { Outcome } from './outcome';
import { accessControlNs } from '../../../locales/access-control';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function AccountFacts({ detail }: { detail: AccountDetail }) {
  const { t } = useTranslation(accessControlNs);
  const texts = useAccountTexts();
  const { account } = detail;
  const facts: [string, ReactNode][] = [
    [t('detail.email'), account.email],
    [t('detail.status'), texts.statusLabel(account.status)],
    [
      t('detail.access'),
      account.enabled ? t('enabled') : <Chip label={t('disabled')} size="small" color="warning" component="span" />,
    ],
    [t('detail.created'), texts.dateTime(account.createdAt)],
    [t('detail.modified'), texts.dateTime(account.updatedAt)],
    [t('detail.signedIn'), detail.signedInOnce ? t('detail.signedInYes') : t('detail.signedInNo')],
  ];
  return <Facts facts={facts} />;
}

/**
 * What the last save or action came to, in the drawer itself: the drawer is modal, so the
 * notification behind it is hidden from screen readers while it is open.
 */
function OutcomeAlert({ outcome, onDismiss }: { outcome: Outcome; onDismiss: () => void }) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  const message =
    outcome.severity === 'success'
      ? outcome.message
      : isAppError(outcome.error)
        ? errorText(outcome.error)
        : t('unknownError');
  return (
    <Alert
      severity={outcome.severity}
      role={outcome.severity === 'error' ? 'alert' : 'status'}
      onClose={onDismiss}
      closeText={t('dismissMessage')}
    >
      {message}
    </Alert>
  );
}

function DetailBody({
  username,
  headingId,
  onClose,
  createStaffRecord,
}: {
  username: string;
  headingId: string;
  onClose: () => void;
  createStaffRecord?: StaffRecordCreator | undefined;
}) {
  const { t } = useTranslation(accessControlNs);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const valid = accountIdSchema.safeParse(username).success;
  const detail = useAccount(username, { enabled: valid });
  const departments = useDepartments();
  const heading = detail.data === undefined ? t('detail.label') : accountName(detail.data.account);
  // A link to an account that is not (or no longer) there.
  const missing = !valid || (detail.data === undefined && isAppError(detail.error) && detail.error.status === 404);

  return (
    <Stack spacing={2.5} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Typography id={headingId} variant="h5" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {heading}
        </Typography>
        <IconButton aria-label={t('close')} title={t('close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      {outcome !== null && <OutcomeAlert outcome={outcome} onDismiss={() => setOutcome(null)} />}
      {!missing ? (
        <QueryState query={detail}>
          {(data) => (
            <Stack spacing={3} divider={<Divider flexItem />}>
              <AccountFacts detail={data} />
              <DepartmentsForm
                // A fresh form whenever the saved departments change (after a save, or someone else's).
                key={`${data.account.username}:${data.account.departments.join(',')}`}
                detail={data}
                departments={departments.data ?? []}
                onOutcome={setOutcome}
              />
              <Section title={t('actions.title')}>
                <AccountActions detail={data} onDeleted={onClose} onOutcome={setOutcome} />
              </Section>
              <Section title={t('staffRecord.title')}>
                <StaffRecordSection detail={data} onOutcome={setOutcome} createStaffRecord={createStaffRecord} />
              </Section>
              <Section title={t('audit.title')}>
                <AccountActivity entries={data.audit} />
              </Section>
            </Stack>
          )}
        </QueryState>
      ) : (
        <Typography color="text.secondary">{t('detail.notFound')}</Typography>
      )}
    </Stack>
  );
}

/**
 * One account over the list (docs/product/screens.md §14), opened by `?account={username}` so
 * that it can be linked: a drawer on the right, or a full-screen dialog on a phone. Closing it
 * takes the parameter away. Both trap the focus, close with Escape and are named by the
 * account's heading.
 */
export function AccountDetails({
  username,
  onClose,
  createStaffRecord,
}: {
  username: string | null;
  onClose: () => void;
  createStaffRecord?: StaffRecordCreator | undefined;
}) {
  const headingId = useId();
  // The last account shown stays in the drawer while it slides away.
  const [shown, setShown] = useState(username);
  if (username !== null && username !== shown) setShown(username);
  const open = username !== null;
  const body =
    shown === null ? null : (
      <DetailBody
        key={shown}
        username={shown}
        headingId={headingId}
        onClose={onClose}
        createStaffRecord={createStaffRecord}
      />
    );

  return (
    <SidePanel open={open} onClose={onClose} labelledBy={headingId} width={{ sm: 520, md: 600 }}>
      {body}
    </SidePanel>
  );
}
