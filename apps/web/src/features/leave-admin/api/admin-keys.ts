/**
 * Query keys of the leave administration, under the leave root, so a leave write elsewhere
 * refreshes these too (and the other way round).
 */
export const adminKeys = {
  all: ['leave', 'admin'] as const,
  staff: (query: object) => ['leave', 'admin', 'staff', query] as const,
  accounts: (search: string) => ['leave', 'admin', 'accounts', search] as const,
  departments: () => ['leave', 'admin', 'departments'] as const,
  detail: (staffId: string) => ['leave', 'admin', 'detail', staffId] as const,
  balances: (staffId: string, year: number) => ['leave', 'admin', 'balances', staffId, year] as const,
  requests: (staffId: string, query: object) => ['leave', 'admin', 'requests', staffId, query] as const,
  types: () => ['leave', 'admin', 'types'] as const,
  holidays: (year: number) => ['leave', 'admin', 'holidays', year] as const,
  runs: () => ['leave', 'admin', 'runs'] as const,
  utilisation: (year: number) => ['leave', 'admin', 'utilisation', year] as const,
};

/** The path of one staff member's record, under which their balances and requests are. */
export const staffPath = (staffId: string) => `/leave/admin/staff/${encodeURIComponent(staffId)}`;

/** The path of one public holiday, keyed by its date and region. */
export const holidayPath = (key: { date: string; region: string }) =>
  `/leave/admin/holidays/${encodeURIComponent(key.date)}/${encodeURIComponent(key.region)}`;
