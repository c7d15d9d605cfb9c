/**
 * The year a staff record shows: `?year=` when it is one, else this year. The page and its
 * route's loader (app/route-prefetch.ts) both read it, so they ask for the same balances.
 */
export function recordYear(params: URLSearchParams, thisYear: number): number {
  const yearParam = Number(params.get('year'));
  return Number.isInteger(yearParam) && yearParam >= 2000 && yearParam <= 2100 ? yearParam : thisYear;
}
