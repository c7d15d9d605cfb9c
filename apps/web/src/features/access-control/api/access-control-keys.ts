/**
 * Query keys of the Access Control page, under one root: every write invalidates the root, so
 * the list and the open account both show what the server now has.
 */
export const accessControlKeys = {
  all: ['access-control'] as const,
  departments: () => ['access-control', 'departments'] as const,
  accounts: (query: object) => ['access-control', 'accounts', query] as const,
  detail: (username: string) => ['access-control', 'detail', username] as const,
};

/** The path of one account, under which its departments and actions are. */
export const accountPath = (username: string) => `/access-control/accounts/${encodeURIComponent(username)}`;
