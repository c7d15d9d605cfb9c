import { passwordExpiresAt } from '@staff-portal/shared/signed-in-user';
import dayjs from 'dayjs';
import 'dayjs/locale/ms';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { common } from '../locales/en/common';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Seed §2: "DD MMM YYYY, h.mma", e.g. "22 May 2027, 3.05pm". */
export const DATE_TIME_FORMAT = 'DD MMM YYYY, h.mma';

export type DateInput = Date | string | number | null | undefined;

interface FormatOptions {
  /** IANA zone the time is shown in: the organisation's (runtime config), not the browser's. */
  timeZone: string;
  /** dayjs locale for month names ('en' or 'ms'); English when omitted. */
  locale?: string;
  /** Shown for a missing or unreadable date (docs/product/specification.md §8); the caller passes the translated text. */
  invalidText?: string;
}

/**
 * A date and time in the seed's format, in the organisation's time zone. A missing or unreadable
 * date, or an unknown time zone, shows the seed's "Invalid Date" instead of throwing.
 */
export function formatDateTime(value: DateInput, options: FormatOptions): string {
  const { timeZone, locale = 'en', invalidText = common.invalidDate } = options;
  if (value === null || value === undefined || value === '') return invalidText;
  const instant = dayjs(value);
  if (!instant.isValid()) return invalidText;
  try {
    return instant.tz(timeZone).locale(locale).format(DATE_TIME_FORMAT);
  } catch {
    // An unknown zone name makes Intl throw a RangeError.
    return invalidText;
  }
}

/**
 * The expiry the change-password page announces (docs/product/specification.md §2): the last password change plus the
 * expiry months, or, when the last change is unknown, now plus the expiry months. The seed adds 8
 * hours to "now" because it printed UTC instants as Malaysian time; we keep real instants and show
 * them in the organisation's time zone (docs/product/departures.md), so adding the offset too would count it
 * twice. Null when the recorded change is unreadable, which the page shows as "Invalid Date".
 */
export function passwordExpiryShown(
  changedAt: string | null | undefined,
  months: number,
  now: Date = new Date(),
): Date | null {
  if (changedAt === null || changedAt === undefined || changedAt.trim() === '') {
    return dayjs(now).add(months, 'month').toDate();
  }
  return passwordExpiresAt(changedAt, months);
}

/** Calendar days (no time, no zone), e.g. leave dates: "05 Mar 2026". */
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

// Intl formatters cost about a millisecond each to build on a slow machine, and a screen asks
// for them in every row it renders: each is built once and kept.
const dayCountFormats = new Map<string, Intl.NumberFormat>();

/** Day counts are whole or half days: "1", "0.5", "12.5". */
export function formatDayCount(days: number, locale = 'en'): string {
  const tag = locale === 'ms' ? 'ms-MY' : 'en-MY';
  let format = dayCountFormats.get(tag);
  if (format === undefined) {
    format = new Intl.NumberFormat(tag, { maximumFractionDigits: 1 });
    dayCountFormats.set(tag, format);
  }
  return format.format(days);
}

const calendarDayFormats = new Map<string, Intl.DateTimeFormat | null>();

/** Today in the organisation's time zone, as YYYY-MM-DD (the browser's own zone for an unknown one). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = calendarDayFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      // An unknown zone name makes Intl throw a RangeError.
      format = null;
    }
    calendarDayFormats.set(timeZone, format);
  }
  if (format === null) return dayjs(now).format('YYYY-MM-DD');
  const parts = format.formatToParts(now);
  const value = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${value('year')}-${value('month')}-${value('day')}`;
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

/** The value of a `datetime-local` field: "YYYY-MM-DDTHH:mm", to the minute. */
const LOCAL_DATE_TIME = 'YYYY-MM-DDTHH:mm';

/**
 * A `datetime-local` value read in the organisation's zone (not the browser's), as ISO 8601 with
 * its offset; undefined when it is not such a value.
 */
export function zonedIso(localValue: string, timeZone: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(localValue)) return undefined;
  const at = dayjs.tz(localValue, timeZone);
  return at.isValid() ? at.format() : undefined;
}

/** An instant as a `datetime-local` field shows it in the organisation's zone. */
export function localDateTime(instant: Date | string, timeZone: string): string {
  return dayjs(instant).tz(timeZone).format(LOCAL_DATE_TIME);
}
