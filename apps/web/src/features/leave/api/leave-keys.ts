/**
 * Query keys of the leave API, under one root so a write can refresh everything it may have
 * changed (balances, lists, the approval queue) with one invalidation.
 */
export const leaveKeys = {
  all: ['leave'] as const,
  types: () => ['leave', 'types'] as const,
  holidays: (year: number) => ['leave', 'holidays', year] as const,
  me: (asAt: string) => ['leave', 'me', asAt] as const,
  myRequests: (query: object) => ['leave', 'requests', 'mine', query] as const,
  requestHistory: (referenceId: string) => ['leave', 'requests', referenceId, 'history'] as const,
  approvals: () => ['leave', 'approvals'] as const,
  preview: (input: object) => ['leave', 'preview', input] as const,
};
