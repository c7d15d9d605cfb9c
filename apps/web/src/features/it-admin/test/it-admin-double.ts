import type { ActivityEntry, OutboxMessage, SystemStatus } from '@staff-portal/shared/it-admin';
import { reply, stubLeaveApi } from '../../../test/leave-api-double';
import type { Handler } from '../../../test/leave-api-double';
import { systemStatus } from './it-admin-fixtures';

export interface ItAdminDoubleOptions {
  activity?: ActivityEntry[];
  outbox?: OutboxMessage[];
  status?: SystemStatus;
  /** Message texts by id; a message without one has a made-up text. */
  bodies?: Record<number, string>;
  /** Handlers that answer before the double's own, for refusals and odd answers. */
  overrides?: Record<string, Handler>;
}

const matches = (entry: ActivityEntry, query: URLSearchParams) => {
  const user = query.get('user');
  const q = query.get('q')?.toLowerCase();
  return (
    (user === null || entry.userId === user || (entry.userEmail ?? '').startsWith(user)) &&
    (query.get('source') === null || entry.source === query.get('source')) &&
    (query.get('area') === null || entry.area === query.get('area')) &&
    (query.get('action') === null || entry.action === query.get('action')) &&
    (q === undefined || `${entry.action} ${entry.targetLabel ?? ''}`.toLowerCase().includes(q))
  );
};

/**
 * The IT admin API as a small in-memory server over the leave API double: it filters and pages
 * the activity (the cursor is the last entry's id) and the outbox (by id) like the real one, and
 * a retry delivers the message, so a test sees the list refresh. Every call is recorded
 * (`calls`, `callsTo`).
 */
export function stubItAdminApi({
  activity = [],
  outbox = [],
  status = systemStatus(),
  bodies = {},
  overrides = {},
}: ItAdminDoubleOptions = {}) {
  let messages = [...outbox];
  const own: Record<string, Handler> = {
    'GET /it-admin/activity': ({ query }) => {
      const limit = Number(query.get('limit') ?? '50');
      const matching = activity.filter((entry) => matches(entry, query));
      const after = query.get('after');
      const start = after === null ? 0 : matching.findIndex((entry) => entry.id === after) + 1;
      const items = matching.slice(start, start + limit);
      return { items, next: start + limit < matching.length ? (items.at(-1)?.id ?? null) : null };
    },
    'GET /it-admin/activity.csv': ({ query }) => {
      const rows = activity.filter((entry) => matches(entry, query)).map((entry) => `${entry.at},${entry.action}`);
      return new Response(['at,action', ...rows].join('\r\n'), { headers: { 'Content-Type': 'text/csv' } });
    },
    'GET /it-admin/status': () => status,
    'GET /it-admin/outbox': ({ query }) => {
      const limit = Number(query.get('limit') ?? '50');
      const recipient = query.get('recipient');
      const state = query.get('state');
      const before = query.get('before');
      const matching = messages
        .filter((message) => recipient === null || message.recipient.startsWith(recipient))
        .filter((message) => state === null || message.state === state)
        .filter((message) => before === null || message.id < Number(before))
        .sort((a, b) => b.id - a.id);
      const items = matching.slice(0, limit);
      return { items, next: matching.length > limit ? (items.at(-1)?.id ?? null) : null };
    },
    'GET /it-admin/outbox/:id': ({ params }) => {
      const found = messages.find((message) => message.id === Number(params.id));
      if (found === undefined) return reply(404, { code: 'NOT_FOUND', message: 'There is no such message.' });
      return { ...found, body: bodies[found.id] ?? `Text of message ${found.id}` };
    },
    'POST /it-admin/outbox/:id/retry': ({ params }) => {
      const id = Number(params.id);
      messages = messages.map((message) =>
        message.id === id
          ? {
              ...message,
              state: 'delivered',
              attempts: message.attempts + 1,
              deliveredAt: '2026-03-05T05:00:00.000Z',
              deliveryError: null,
              nextAttemptAt: null,
            }
          : message,
      );
      return messages.find((message) => message.id === id);
    },
  };
  // The overrides first, so that they answer before the double's own routes, the same ones included.
  return stubLeaveApi(
    Object.fromEntries([
      ...Object.entries(overrides),
      ...Object.entries(own).filter(([route]) => !(route in overrides)),
    ]),
  );
}
