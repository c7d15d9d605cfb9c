import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AwayEntry, MovementCalendar } from '@staff-portal/shared/staff-movement';
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

const PERSON_WIDTH = 140;
const DAY_MIN_WIDTH = 116;

/** Entries of each person on each day, keyed `staffId|date`. */
export function entriesByPersonAndDay(calendar: MovementCalendar): Map<string, AwayEntry[]> {
  const map = new Map<string, AwayEntry[]>();
  for (const day of calendar.days) {
    for (const entry of day.away) {
      const key = `${entry.staffId}|${day.date}`;
      map.set(key, [...(map.get(key) ?? []), entry]);
    }
  }
  return map;
}

/** People × days (desktop and tablet): one row per person, one column per day. */
export function MovementGrid({ calendar, today, label, onDeleteMovement }: Props) {
  const { t, i18n } = useTranslation(staffMovementNs);
  const locale = i18n.resolvedLanguage ?? 'en';
  const entries = entriesByPersonAndDay(calendar);
  if (calendar.people.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {t('nobody')}
      </Typography>
    );
  }
  return (
    // Scrolls sideways when the seven days do not fit: focusable then, so a keyboard can scroll it.
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={label}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxWidth: '100%' }}
    >
      <Table
        size="small"
        aria-label={label}
        // A week fits beside the open sidebar on a 1280-pixel screen: 140 + 7 × 116 = 952 pixels.
        sx={{ tableLayout: 'fixed', minWidth: PERSON_WIDTH + calendar.days.length * DAY_MIN_WIDTH }}
      >
        <TableHead>
          <TableRow>
            <TableCell
              component="th"
              scope="col"
              sx={{ width: PERSON_WIDTH, position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 }}
            >
              {t('person')}
            </TableCell>
            {calendar.days.map((day) => (
              <TableCell
                key={day.date}
                component="th"
                scope="col"
                aria-current={day.date === today ? 'date' : undefined}
                sx={{
                  fontWeight: 700,
                  bgcolor: day.date === today ? 'action.selected' : undefined,
                  whiteSpace: 'nowrap',
                  px: 0.75,
                }}
              >
                {formatDay(day.date, locale)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {calendar.people.map((person) => (
            <TableRow key={person.staffId}>
              <TableCell
                component="th"
                scope="row"
                sx={{
                  fontWeight: 600,
                  position: 'sticky',
                  left: 0,
                  bgcolor: 'background.paper',
                  zIndex: 1,
                  overflowWrap: 'anywhere',
                }}
              >
                {person.staffName}
              </TableCell>
              {calendar.days.map((day) => {
                const here = entries.get(`${person.staffId}|${day.date}`) ?? [];
                return (
                  <TableCell
                    key={day.date}
                    sx={{ verticalAlign: 'top', px: 0.75, bgcolor: day.date === today ? 'action.hover' : undefined }}
                  >
                    {here.length > 0 && (
                      <Stack spacing={0.5}>
                        {here.map((entry) => (
                          <AwayItem
                            key={entry.type === 'leave' ? entry.referenceId : `m${entry.id}`}
                            entry={entry}
                            date={day.date}
                            onDelete={
                              entry.type === 'movement' && entry.staffId === calendar.myStaffId
                                ? () => onDeleteMovement(entry.id)
                                : undefined
                            }
                          />
                        ))}
                      </Stack>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
