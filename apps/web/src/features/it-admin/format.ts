import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DATE_INPUT_FORMAT } from '../../components/date-field';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Instants as the organisation reads its dates, day first: "05/03/2026 14:07". */
export const INSTANT_FORMAT = `${DATE_INPUT_FORMAT} HH:mm`;
/** In an entry's details, to the second. */
export const PRECISE_INSTANT_FORMAT = `${DATE_INPUT_FORMAT} HH:mm:ss`;

/** An instant in the organisation's time zone; '' for a missing or unreadable one. */
export function formatInstant(value: string | null | undefined, timeZone: string, format = INSTANT_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const instant = dayjs(value);
  if (!instant.isValid()) return '';
  try {
    return instant.tz(timeZone).format(format);
  } catch {
    // An unknown zone name makes Intl throw.
    return instant.format(format);
  }
}

/** Whole days, hours and minutes of a duration in seconds. */
export function durationParts(seconds: number): { days: number; hours: number; minutes: number } {
  const minutes = Math.max(Math.floor(seconds / 60), 0);
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}

const numberLocale = (language: string) => (language === 'ms' ? 'ms-MY' : 'en-GB');

/** Bytes as megabytes (1 MB = 1,048,576 bytes), to one decimal: "12.5". */
export function megabytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(numberLocale(language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    bytes / 1_048_576,
  );
}

/** A share (0 to 1) as a percentage to one decimal: "87.5%". */
export function percentage(share: number, language: string): string {
  return new Intl.NumberFormat(numberLocale(language), { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

/** A whole number with the language's grouping: "12,345". */
export function count(value: number, language: string): string {
  return new Intl.NumberFormat(numberLocale(language)).format(value);
}
