/**
 * Query keys of the staff-movement API. The calendar sits under the leave API's root key
 * (`['leave', ...]`), so a leave decision elsewhere that invalidates `['leave']` refreshes it too.
 */
export const staffMovementKeys = {
  calendar: (query: object) => ['leave', 'movement', query] as const,
  calendars: () => ['leave', 'movement'] as const,
  delegations: () => ['leave', 'delegations'] as const,
  candidates: (search: string) => ['leave', 'delegations', 'candidates', search] as const,
  feeds: () => ['leave', 'ical-feeds'] as const,
};
