/**
 * Query keys of the IT Admin page, under one root: a retry refreshes the root, so the outbox,
 * its counts on the status tab and the activity (which records the retry) all show what the
 * server now has.
 */
export const itAdminKeys = {
  all: ['it-admin'] as const,
  activity: (filters: object) => ['it-admin', 'activity', filters] as const,
  status: () => ['it-admin', 'status'] as const,
  outbox: (filters: object) => ['it-admin', 'outbox', filters] as const,
  /** A message with its text: outside the lists, so refreshing them never asks for (and audits) a text again. */
  message: (id: number) => ['it-admin', 'message', id] as const,
};

/** Every IT Admin query but the opened messages' texts. */
export const isListOrStatus = (query: { queryKey: readonly unknown[] }) => query.queryKey[1] !== 'message';

/** How many entries or messages one page asks for. */
export const PAGE_SIZE = 50;

/** The path of one outbox message, under which its retry is. */
export const messagePath = (id: number) => `/it-admin/outbox/${id}`;
