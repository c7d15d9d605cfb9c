import dayjs from 'dayjs';
import 'dayjs/locale/ms';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { addDays, mondayOf } from '@staff-portal/shared/iso-dates';

dayjs.extend(utc);
dayjs.extend(timezone);

export type CalendarView = 'day' | 'week';

const DATE = 'YYYY-MM-DD';

/** The days a view shows around an anchor date (the organisation's week starts on Monday). */
export function rangeOf(view: CalendarView, anchor: string): { from: string; to: string } {
  if (view === 'day') return { from: anchor, to: anchor };
  const from = mondayOf(anchor);
  return { from, to: addDays(from, 6) };
}

/** "Mon 08 Mar" for column heads and list headings. */
export function formatDay(date: string, locale = 'en'): string {
  return dayjs(date, DATE).locale(locale).format('ddd DD MMM');
}

/** An instant as "HH:mm" in the organisation's zone, with the date when it is not `onDate`. */
export function formatTimeOn(instant: string, timeZone: string, onDate: string, locale = 'en'): string {
  const at = dayjs(instant).tz(timeZone).locale(locale);
  return at.format(DATE) === onDate ? at.format('HH:mm') : at.format('DD MMM HH:mm');
}
