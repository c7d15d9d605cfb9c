import dayjs from 'dayjs';
import 'dayjs/locale/ms';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DATE_FORMAT } from '../../lib/dates';

dayjs.extend(utc);
dayjs.extend(timezone);

/** "Wednesday, 10 Mar 2027": the day the "away today" list is of. */
export function formatWeekday(date: string, locale = 'en'): string {
  return dayjs(date, 'YYYY-MM-DD').locale(locale).format(`dddd, ${DATE_FORMAT}`);
}

/**
 * A movement's times in the organisation's zone: "09 Mar 2027, 09:00–17:00" within one day, else
 * both ends with their dates, "08 Mar 2027, 23:00 – 10 Mar 2027, 01:00".
 */
export function formatMovementTimes(startsAt: string, endsAt: string, timeZone: string, locale = 'en'): string {
  const start = dayjs(startsAt).tz(timeZone).locale(locale);
  const end = dayjs(endsAt).tz(timeZone).locale(locale);
  const day = (at: dayjs.Dayjs) => at.format(DATE_FORMAT);
  // Word joiners keep "08:00–18:00" on one line on a phone.
  if (day(start) === day(end)) return `${day(start)}, ${start.format('HH:mm')}\u2060–\u2060${end.format('HH:mm')}`;
  return `${day(start)}, ${start.format('HH:mm')} – ${day(end)}, ${end.format('HH:mm')}`;
}
