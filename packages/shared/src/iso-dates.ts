import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

/**
 * Calendar dates as ISO strings (YYYY-MM-DD): leave, holidays, movements and feeds count whole
 * days with no time and no zone. The one place their arithmetic is done, on dayjs in UTC so no
 * daylight-saving change or server zone moves a day.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function parse(date: string): Dayjs {
  const day = ISO_DATE.test(date) ? dayjs.utc(date) : undefined;
  // dayjs rolls 2026-02-30 over to 2 March: a date is real only if it reads back the same.
  if (!day?.isValid() || day.format('YYYY-MM-DD') !== date) throw new RangeError(`not an ISO date: ${date}`);
  return day;
}

const format = (day: Dayjs) => day.format('YYYY-MM-DD');

/** Whether a string is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  try {
    parse(value);
    return true;
  } catch {
    return false;
  }
}

/** Whether `MM-DD` is a day that exists in a leap year (29 February counts). */
export function isMonthDay(value: string): boolean {
  return /^\d{2}-\d{2}$/.test(value) && isIsoDate(`2000-${value}`);
}

/** The date `days` days after (or, negative, before) a date. */
export function addDays(date: string, days: number): string {
  return format(parse(date).add(days, 'day'));
}

/** Calendar days from start to end, both counted: 1 for a single day, 0 when end is before start. */
export function calendarDaysBetween(startDate: string, endDate: string): number {
  return Math.max(0, parse(endDate).diff(parse(startDate), 'day') + 1);
}

/**
 * For schema refinements: whether start to end (both counted) spans at most `maxDays`. Zod runs
 * an object's refinements even when a field failed its own check, so a date that is not one is
 * left to that check (true) instead of throwing here.
 */
export function spansAtMost(startDate: string, endDate: string, maxDays: number): boolean {
  if (!isIsoDate(startDate) || !isIsoDate(endDate)) return true;
  return calendarDaysBetween(startDate, endDate) <= maxDays;
}

/** Every date from start to end inclusive. */
export function datesBetween(startDate: string, endDate: string): string[] {
  const dates: string[] = [];
  const last = parse(endDate);
  for (let day = parse(startDate); !day.isAfter(last); day = day.add(1, 'day')) dates.push(format(day));
  return dates;
}

/** The day of the week, 0 for Monday ... 6 for Sunday (the working-day mask's bit order). */
export function weekdayIndex(date: string): number {
  return (parse(date).day() + 6) % 7;
}

/** The Monday of the week a date is in. */
export function mondayOf(date: string): string {
  return addDays(date, -weekdayIndex(date));
}
