import Chip from '@mui/material/Chip';
import type { OutboxState } from '@staff-portal/shared/it-admin';
import { useTranslation } from 'react-i18next';
import { STATE_COLOURS } from './outbox-texts';
import { itAdminNs } from '../../../locales/it-admin';

/** A message's delivery state, in words and colour. */
export function StateChip({ state }: { state: OutboxState }) {
  const { t } = useTranslation(itAdminNs);
  return (
    <Chip
      label={t(`outbox.states.${state}`)}
      size="small"
      color={STATE_COLOURS[state]}
      variant="outlined"
      // The colour marks the border; the text stays dark, readable on any background (white on
      // MUI's warning orange reads at 3:1 only).
      sx={{ fontWeight: 600, color: 'text.primary' }}
    />
  );
}
