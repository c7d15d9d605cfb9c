import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { OutboxMessage } from '@staff-portal/shared/it-admin';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useOutboxMessage } from '../api/get-outbox-message';
import { formatInstant } from '../format';
import { Facts } from '../../../components/facts';
import { useOutboxTexts } from './outbox-texts';
import { StateChip } from './state-chip';
import { itAdminNs } from '../../../locales/it-admin';

const focusOnMount = (element: HTMLElement | null) => element?.focus();

function MessageBody({ message, confirmed }: { message: OutboxMessage; confirmed: boolean }) {
  const { t } = useTranslation(itAdminNs);
  const bodyId = useId();
  // Asked for only once the admin has confirmed: the server records each opening.
  const detail = useOutboxMessage(message.id, { enabled: confirmed });
  if (!confirmed) return null;
  // The button that asked for the text is gone once it is shown: the focus moves to the text, so
  // that it is read out and Escape still closes the dialog.
  return (
    <Box component="section" aria-labelledby={bodyId} tabIndex={-1} ref={focusOnMount} sx={{ outline: 'none' }}>
      <Typography id={bodyId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('outbox.message.body')}
      </Typography>
      <QueryState query={detail}>
        {(data) => (
          <Box
            component="pre"
            sx={{
              m: 0,
              p: 2,
              bgcolor: 'action.hover',
              borderRadius: 1,
              fontFamily: 'monospace',
              fontSize: '0.875rem',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
          >
            {data.body}
          </Box>
        )}
      </QueryState>
    </Box>
  );
}

/**
 * One outbox message (docs/product/screens.md §15). Its facts show at once; its text only after
 * the admin confirms, having been told that opening it is recorded in the audit trail (it may
 * hold a code or a temporary password). Each opening asks again, so each is recorded.
 */
export function MessageDialog({ message, onClose }: { message: OutboxMessage | null; onClose: () => void }) {
  const { t } = useTranslation(itAdminNs);
  const texts = useOutboxTexts();
  const { organisation } = useRuntimeConfig();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const [confirmed, setConfirmed] = useState(false);
  // The last message shown stays in the dialog while it closes (its text too); each opening
  // starts unconfirmed, so the warning comes before every opening.
  const [shown, setShown] = useState(message);
  const [previous, setPrevious] = useState<OutboxMessage | null>(null);
  if (message !== previous) {
    setPrevious(message);
    if (message !== null) {
      setShown(message);
      if (previous === null || previous.id !== message.id) setConfirmed(false);
    }
  }
  const instant = (value: string | null) => (value === null ? t('none') : formatInstant(value, organisation.timeZone));

  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
    >
      {shown !== null && (
        <>
          <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
            {texts.subject(shown)}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2.5}>
              <Facts
                facts={[
                  [t('outbox.message.recipient'), shown.recipient],
                  [t('outbox.message.channel'), texts.channel(shown.channel)],
                  [t('outbox.message.created'), instant(shown.createdAt)],
                  [t('outbox.message.state'), <StateChip state={shown.state} />],
                  [t('outbox.message.attempts'), String(shown.attempts)],
                  [t('outbox.message.deliveredAt'), instant(shown.deliveredAt)],
                  [t('outbox.message.nextAttemptAt'), instant(shown.nextAttemptAt)],
                  [t('outbox.message.lastError'), shown.deliveryError ?? t('none')],
                ]}
              />
              {!confirmed && (
                <Alert severity="warning">
                  <AlertTitle>{t('outbox.message.warningTitle')}</AlertTitle>
                  {t('outbox.message.warning')}
                </Alert>
              )}
              <MessageBody key={shown.id} message={shown} confirmed={confirmed} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{confirmed ? t('close') : t('cancel')}</Button>
            {!confirmed && (
              <Button variant="contained" onClick={() => setConfirmed(true)}>
                {t('outbox.message.open')}
              </Button>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
