import type { OutboxMessage, OutboxState } from '@staff-portal/shared/it-admin';
import type { ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { itAdminNs } from '../../../locales/it-admin';

/** The chip colour of each state: what needs the admin's eye stands out. */
export const STATE_COLOURS: Record<OutboxState, ChipProps['color']> = {
  waiting: 'info',
  delivered: 'success',
  failed: 'error',
  kept: 'default',
};

/** A retry is offered for what SMTP has not delivered yet (docs/product/screens.md §15). */
export const canRetry = (message: OutboxMessage) => message.state === 'failed' || message.state === 'waiting';

/** How a message's channel and subject read, in the current language. */
export function useOutboxTexts() {
  const { t } = useTranslation(itAdminNs);
  return {
    channel: (channel: string) =>
      channel === 'EMAIL' || channel === 'SMS' ? t(`outbox.channels.${channel}`) : channel,
    subject: (message: OutboxMessage) => (message.subject.trim() === '' ? t('outbox.noSubject') : message.subject),
  };
}
