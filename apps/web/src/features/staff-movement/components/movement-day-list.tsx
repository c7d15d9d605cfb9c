import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MovementCalendar } from '@staff-portal/shared/staff-movement';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../format';
import { AwayItem } from './away-item';
import { staffMovementNs } from '../../../locales/staff-movement';

interface Props {
  calendar: MovementCalendar;
  today: string;
  label: string;
  onDeleteMovement: (id: number) => void;
}

/** The phone's form of the calendar: one section per day, listing who is away. */
export function MovementDayList({ calendar, today, label, onDeleteMovement }: Props) {
  const { t, i18n } = useTranslation(staffMovementNs);
  const locale = i18n.resolvedLanguage ?? 'en';
  const names = new Map(calendar.people.map((p) => [p.staffId, p.staffName]));
  return (
    <Stack component="section" aria-label={label} spacing={2}>
      {calendar.days.map((day) => (
        <Box key={day.date} component="section" aria-labelledby={`day-${day.date}`}>
          <Typography
            id={`day-${day.date}`}
            component="h2"
            variant="subtitle1"
            aria-current={day.date === today ? 'date' : undefined}
            sx={{ fontWeight: 700, color: day.date === today ? 'primary.main' : undefined, mb: 0.5 }}
          >
            {formatDay(day.date, locale)}
          </Typography>
          {day.away.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('everyoneIn')}
            </Typography>
          ) : (
            <Stack component="ul" spacing={0.75} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {day.away.map((entry) => (
                <li key={entry.type === 'leave' ? entry.referenceId : `m${entry.id}`}>
                  <AwayItem
                    entry={entry}
                    date={day.date}
                    staffName={names.get(entry.staffId) ?? entry.staffId}
                    onDelete={
                      entry.type === 'movement' && entry.staffId === calendar.myStaffId
                        ? () => onDeleteMovement(entry.id)
                        : undefined
                    }
                  />
                </li>
              ))}
            </Stack>
          )}
        </Box>
      ))}
    </Stack>
  );
}
