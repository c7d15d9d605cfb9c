import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { leaveStatusLabel } from '@staff-portal/shared/leave';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useRequestHistory } from '../api/get-request-history';
import { QueryState } from '../../../components/query-state';
import { leaveNs } from '../../../locales/leave';

/** Every transition of one request: who, when and their remarks (docs/product/leave.md). */
export function RequestHistoryDialog({ referenceId, onClose }: { referenceId: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation([leaveNs, 'common']);
  const config = useRuntimeConfig();
  const history = useRequestHistory(referenceId);
  const titleId = useId();
  return (
    <Dialog open={referenceId !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('historyDialog.title', { referenceId })}</DialogTitle>
      <DialogContent>
        <QueryState query={history} isEmpty={(events) => events.length === 0} emptyText={t('historyDialog.empty')}>
          {(events) => (
            <List dense>
              {events.map((event) => (
                <ListItem key={`${event.at}-${event.toStatus}`} disableGutters>
                  <ListItemText
                    primary={
                      event.fromStatus === null
                        ? t('historyDialog.applied', { actor: event.actorName })
                        : t('historyDialog.by', { status: leaveStatusLabel(event.toStatus), actor: event.actorName })
                    }
                    secondary={[
                      formatDateTime(event.at, {
                        timeZone: config.organisation.timeZone,
                        locale: i18n.resolvedLanguage ?? 'en',
                        invalidText: t('common:invalidDate'),
                      }),
                      event.remarks,
                    ]
                      .filter((part) => part !== null && part !== '')
                      .join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('historyDialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
