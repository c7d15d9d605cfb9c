import { vi } from 'vitest';

let set = false;

/**
 * Sets the clock that the code under test reads (`Date` only; timers keep running), at `now`, for
 * the rest of the test; `vi.setSystemTime` moves it on, and the test file's afterEach puts it back
 * with `vi.useRealTimers()`. Server tests set the clock here rather than with vi.useFakeTimers
 * (the lint says so): PGlite reads the same clock for the timers of its own, and one that saw the
 * clock jump re-arms a timer every millisecond for as long as it lives once the clock is back, so
 * the databases a test that set the clock used are closed after it instead of kept for the
 * worker's next test (test/databases.ts; decision record 0086).
 */
export function setClock(now: number | Date = Date.now()): void {
  set = true;
  vi.useFakeTimers({ toFake: ['Date'], now });
}

/** Whether the test that is ending set the clock. */
export function clockWasSet(): boolean {
  return set;
}

/** After each test, once its databases are given back (test/setup.ts). */
export function forgetClock(): void {
  set = false;
}
