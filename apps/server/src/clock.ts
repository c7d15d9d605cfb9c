import { dateFormatIn } from '@staff-portal/shared/leave-rules';

/** "Today" and "this year" as the organisation's staff see them: in its time zone, not the server's. */
export interface Clock {
  timeZone: string;
  now: () => Date;
  /** Today's date, YYYY-MM-DD, in the organisation's time zone. */
  today: () => string;
  thisYear: () => number;
}

export function createClock(timeZone: string, now: () => Date = () => new Date()): Clock {
  // Built once: making an Intl.DateTimeFormat costs far more than using one.
  const format = dateFormatIn(timeZone);
  const today = () => format.format(now());
  return { timeZone, now, today, thisYear: () => Number(today().slice(0, 4)) };
}
