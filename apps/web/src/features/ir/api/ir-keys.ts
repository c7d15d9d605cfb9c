/**
 * Query keys of the IR API, under one root. A write refreshes what it may have changed: a case
 * change its case, the case lists, the member's cases and the officers' open-case counts.
 */
export const irKeys = {
  all: ['ir'] as const,
  members: () => ['ir', 'members'] as const,
  memberSearch: (query: object) => ['ir', 'members', 'search', query] as const,
  memberCount: (query: object) => ['ir', 'members', 'count', query] as const,
  memberOptions: () => ['ir', 'members', 'options'] as const,
  member: (memberNo: string) => ['ir', 'member', memberNo] as const,
  anyMember: () => ['ir', 'member'] as const,
  categories: () => ['ir', 'categories'] as const,
  officers: () => ['ir', 'officers'] as const,
  cases: () => ['ir', 'cases'] as const,
  caseSearch: (query: object) => ['ir', 'cases', query] as const,
  caseCount: (query: object) => ['ir', 'cases', 'count', query] as const,
  case: (caseNo: string) => ['ir', 'case', caseNo] as const,
};

/** Rows a search page shows. */
export const PAGE_SIZE = 25;
