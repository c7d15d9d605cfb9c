import dayjs from 'dayjs';
import 'dayjs/locale/ms';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Leave dates are calendar days (no time, no zone), shown as lib/dates.ts shows dates: "05 Mar 2026". */
export const DATE_FORMAT = 'DD MMM YYYY';

export function formatDate(value: string, locale = 'en', invalidText = 'Invalid Date'): string {
  const date = dayjs(value, 'YYYY-MM-DD');
  return date.isValid() ? date.locale(locale).format(DATE_FORMAT) : invalidText;
}

const NO_BREAK = '\u00a0';

/**
 * One date for a one-day request, else "start – end". `wrapAtDash`: each date stays on one line
 * and a narrow column may break the range only after its dash.
 */
export function formatDateRange(start: string, end: string, locale = 'en', { wrapAtDash = false } = {}): string {
  const show = (date: string) =>
    wrapAtDash ? formatDate(date, locale).replaceAll(' ', NO_BREAK) : formatDate(date, locale);
  if (start === end) return show(start);
  return wrapAtDash ? `${show(start)}${NO_BREAK}– ${show(end)}` : `${show(start)} – ${show(end)}`;
}

/** Day counts are whole or half days: "1", "0.5", "12.5". */
export function formatDayCount(days: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale === 'ms' ? 'ms-MY' : 'en-MY', { maximumFractionDigits: 1 }).format(days);
}

/** Today in the organisation's time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string): string {
  try {
    return dayjs().tz(timeZone).format('YYYY-MM-DD');
  } catch {
    return dayjs().format('YYYY-MM-DD');
  }
}

/** An instant as "YYYY-MM-DD HH:mm" in the organisation's zone, for exports. */
export function formatTimestamp(value: string, timeZone: string): string {
  const instant = dayjs(value);
  if (!instant.isValid()) return '';
  try {
    return instant.tz(timeZone).format('YYYY-MM-DD HH:mm');
  } catch {
    return instant.format('YYYY-MM-DD HH:mm');
  }
}
