/**
 * Query keys of the team-space API, under one root. The root sits under the leave API's
 * (`['leave', ...]`), as the staff movement calendar's does: a leave request, a decision or a
 * movement recorded elsewhere invalidates `['leave']`, and so refreshes who is away here too.
 */
export const teamSpaceKeys = {
  all: ['leave', 'team'] as const,
  people: (query: object) => ['leave', 'team', 'people', query] as const,
  away: (query: object) => ['leave', 'team', 'away', query] as const,
};
