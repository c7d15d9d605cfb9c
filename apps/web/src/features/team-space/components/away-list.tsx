import BeachAccessOutlinedIcon from '@mui/icons-material/BeachAccessOutlined';
import DirectionsCarOutlinedIcon from '@mui/icons-material/DirectionsCarOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LEAVE_STATUS } from '@staff-portal/shared/leave';
import type { TeamAbsence } from '@staff-portal/shared/team';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../../components/status-chip';
import { formatDateRange } from '../../../lib/dates';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { formatMovementTimes } from '../format';
import { teamSpaceNs } from '../../../locales/team-space';

interface AwayListProps {
  entries: TeamAbsence[];
  /** The list's accessible name: the heading of its section. */
  label: string;
  emptyText: string;
  /** Name each person's department too, when the lists are of more than one. */
  showDepartment: boolean;
}

/**
 * Who is away, one line each: the person, what keeps them away and when. Leave carries the
 * specification's status chip; leave not yet settled (pending, pending cancellation) also has a
 * dashed edge, so it reads as "not yet" without relying on colour alone.
 */
export function AwayList({ entries, label, emptyText, showDepartment }: AwayListProps) {
  const { t, i18n } = useTranslation(teamSpaceNs);
  const { organisation } = useRuntimeConfig();
  const locale = i18n.resolvedLanguage ?? 'en';
  if (entries.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {emptyText}
      </Typography>
    );
  }
  return (
    <Stack component="ul" aria-label={label} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {/* Keyed by position: a list is only ever replaced by the next answer, never reordered. */}
      {entries.map((entry, index) => {
        const who = showDepartment ? `${entry.staffName} · ${entry.departmentCodes.join(', ')}` : entry.staffName;
        if (entry.type === 'leave') {
          const settled = entry.status === LEAVE_STATUS.APPROVED;
          const what =
            entry.dayType === 0
              ? entry.leaveTypeName
              : t('away.halfDay', {
                  type: entry.leaveTypeName,
                  half: t(`away.dayType.${String(entry.dayType) as '1' | '2'}`),
                });
          return (
            <Box
              component="li"
              key={index}
              data-testid="team-away-leave"
              data-pending={String(!settled)}
              sx={{
                display: 'flex',
                gap: 1.5,
                alignItems: 'flex-start',
                borderLeft: 4,
                borderLeftStyle: settled ? 'solid' : 'dashed',
                borderColor: settled ? 'success.main' : 'warning.main',
                pl: 1.25,
                py: 0.5,
              }}
            >
              <BeachAccessOutlinedIcon fontSize="small" color="action" sx={{ mt: 0.25 }} aria-hidden />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>{who}</Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'break-word' }}>
                  {what} · {formatDateRange(entry.startDate, entry.endDate, locale, { wrapAtDash: true })}
                </Typography>
                {/* Under the text, not beside it: "PENDING CANCELLATION" beside it squeezes a phone's line. */}
                <Box sx={{ mt: 0.5 }}>
                  <StatusChip status={entry.status} wrap />
                </Box>
              </Box>
            </Box>
          );
        }
        return (
          <Box
            component="li"
            key={index}
            data-testid="team-away-movement"
            sx={{
              display: 'flex',
              gap: 1.5,
              alignItems: 'flex-start',
              borderLeft: 4,
              borderColor: 'info.main',
              pl: 1.25,
              py: 0.5,
            }}
          >
            <DirectionsCarOutlinedIcon fontSize="small" color="action" sx={{ mt: 0.25 }} aria-hidden />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>{who}</Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'break-word' }}>
                {t(`away.kind.${entry.kind}`)} ·{' '}
                {formatMovementTimes(entry.startsAt, entry.endsAt, organisation.timeZone, locale)}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
