import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { leaveStatusColour } from '@staff-portal/shared/leave';
import type { AwayEntry } from '@staff-portal/shared/staff-movement';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../components/status-chip';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { formatTimeOn } from '../format';
import { leaveNs } from '../../../locales/leave';
import { staffMovementNs } from '../../../locales/staff-movement';

/** Approved leave is settled; anything else that still shows (pending, pending cancellation) may change. */
const isSettled = (status: number) => status === 1;

interface AwayItemProps {
  entry: AwayEntry;
  /** The day the item is shown on, so times on other days carry their date. */
  date: string;
  /** Shown before the item in lists where the row does not name the person. */
  staffName?: string;
  /** Offered for my own movements. */
  onDelete?: (() => void) | undefined;
}

/**
 * One absence in the grid or the phone list. Leave carries its type and the seed's status chip;
 * pending leave has a dashed border and a striped background, so it reads as "not yet" without
 * relying on colour alone. Movements show their kind, times and purpose.
 */
export function AwayItem({ entry, date, staffName, onDelete }: AwayItemProps) {
  const { t, i18n } = useTranslation([staffMovementNs, leaveNs]);
  const { organisation } = useRuntimeConfig();
  const locale = i18n.resolvedLanguage ?? 'en';
  const who = staffName === undefined ? '' : `${staffName} · `;
  if (entry.type === 'leave') {
    const colour = leaveStatusColour(entry.status) ?? '#8a8a8a';
    const settled = isSettled(entry.status);
    const half = entry.dayType === 0 ? '' : ` (${t(`leave:dayType.${String(entry.dayType) as '1' | '2'}`)})`;
    return (
      <Box
        data-testid="away-leave"
        data-pending={String(!settled)}
        sx={{
          border: `2px ${settled ? 'solid' : 'dashed'} ${colour}`,
          borderRadius: 1,
          px: 0.5,
          py: 0.5,
          background: settled
            ? alpha(colour, 0.14)
            : `repeating-linear-gradient(135deg, ${alpha(colour, 0.12)} 0 6px, transparent 6px 12px)`,
        }}
      >
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {who}
          {entry.leaveTypeName}
          {half}
        </Typography>
        <StatusChip status={entry.status} wrap />
      </Box>
    );
  }
  const kind = t(`kind.${entry.kind}`);
  const times = `${formatTimeOn(entry.startsAt, organisation.timeZone, date, locale)}–${formatTimeOn(entry.endsAt, organisation.timeZone, date, locale)}`;
  return (
    <Box
      data-testid="away-movement"
      sx={{
        borderLeft: 4,
        borderColor: 'info.main',
        bgcolor: (theme) => alpha(theme.palette.info.main, 0.08),
        borderRadius: 1,
        px: 0.75,
        py: 0.5,
        display: 'flex',
        // In a narrow grid cell the delete button goes below the text rather than over it: the
        // text keeps at least its longest word's width (min-content) beside the button.
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        columnGap: 0.5,
      }}
    >
      <Box sx={{ flex: '1 1 0', minWidth: 'min-content' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {who}
          {kind}
        </Typography>
        <Typography variant="caption" component="p" color="text.secondary">
          {times}
        </Typography>
        <Typography variant="caption" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {entry.purpose}
        </Typography>
      </Box>
      {onDelete !== undefined && (
        <IconButton
          size="small"
          aria-label={t('deleteMovement', { label: `${kind}, ${times}` })}
          onClick={onDelete}
          sx={{ mt: -0.5, mr: -0.5, ml: 'auto' }}
        >
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}
