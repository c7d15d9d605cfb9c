import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/client';

/**
 * The PostgreSQL channel the database itself tells of every change a token depends on: triggers
 * on the identity tables and on `token_cutoffs` notify it in the transaction of the change, so
 * every replica listening hears of it when it commits, and of nothing that rolled back
 * (decision record 0074).
 */
export const TOKEN_CHANNEL = 'token_changes';

/** How often a replica checks that its own notice comes back, and how long it waits for it. */
const PROBE_MS = 10_000;
const PROBE_TIMEOUT_MS = 10_000;
/** The wait before listening again after the connection was lost, doubled up to the second figure. */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5_000;

export interface TokenNoticeHandlers {
  /** The sessions of a user, or what their tokens say, changed (any door, any replica). */
  userChanged(userId: string): void;
  /** A user's tokens issued before `notBefore` (epoch ms) are cut off (decision record 0037). */
  cutoff(userId: string, notBefore: number): void;
  /** Notices may have been missed: read again what they would have said. */
  resync(): Promise<void>;
}

export interface TokenNotices {
  /**
   * Whether this replica hears every notice now. While it does not (the connection lost and not
   * yet listening again, or not yet read again since), what it remembers falls back to the time
   * bounds of decision records 0037 and 0058.
   */
  listening(): boolean;
  close(): Promise<void>;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** A notice's fields, or undefined for anything else on the channel. */
function read(payload: string | undefined): Record<string, unknown> | undefined {
  try {
    const notice: unknown = JSON.parse(payload ?? '');
    return typeof notice === 'object' && notice !== null ? (notice as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function deliver(notice: Record<string, unknown> | undefined, handlers: TokenNoticeHandlers): void {
  const { user, cutoff, notBefore } = notice ?? {};
  if (typeof user === 'string') handlers.userChanged(user);
  if (typeof cutoff === 'string' && typeof notBefore === 'number') handlers.cutoff(cutoff, notBefore);
}

/**
 * Listens on the token channel. PGlite runs in this process only and hands its notices to its
 * listeners as the committing statement ends, so there it never stops listening. PostgreSQL is
 * listened to on a connection of its own (not the pool's, whose connections come and go). The
 * replica says it listens only once a notice it sent through the pool, as a change would be, has
 * come back on that connection, and it sends one every 10 s: a connection lost, even without a
 * word, or a path that drops notices (a pooler in transaction mode between the replica and the
 * database) is noticed, and the replica is not listening until it has connected again, listened,
 * heard its own notice and read again what it may have missed.
 */
export async function listenForTokenNotices(
  database: Database,
  handlers: TokenNoticeHandlers,
  log: Log,
): Promise<TokenNotices> {
  if (database.driver.engine === 'pglite') {
    const unlisten = await database.driver.client.listen(TOKEN_CHANNEL, (payload) => deliver(read(payload), handlers));
    let open = true;
    return {
      listening: () => open,
      close: async () => {
        open = false;
        await unlisten().catch(() => undefined);
      },
    };
  }
  return listenOnPostgres(database.driver.pool, handlers, log);
}

async function listenOnPostgres(pool: pg.Pool, handlers: TokenNoticeHandlers, log: Log): Promise<TokenNotices> {
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retry: NodeJS.Timeout | undefined;
  let lostSince: number | undefined;
  /** This replica's own notices under way, each waiting to be heard back. */
  const probes = new Map<string, () => void>();

  const lose = (lost: pg.Client, error?: unknown) => {
    if (client !== lost) return;
    client = undefined;
    listening = false;
    lost.removeAllListeners('notification');
    lost.end().catch(() => undefined);
    if (closed) return;
    if (lostSince === undefined) {
      lostSince = Date.now();
      log.warn({ err: error }, 'token notices: not listening; trying again');
    }
    retry = setTimeout(() => void connect(), retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  /** Sends a notice through the pool and waits for it to come back on the listening connection. */
  async function probe(): Promise<void> {
    const id = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        probes.set(id, resolve);
        timer = setTimeout(() => reject(new Error('a notice sent did not come back in time')), PROBE_TIMEOUT_MS);
        pool.query('select pg_notify($1, $2)', [TOKEN_CHANNEL, JSON.stringify({ probe: id })]).catch(reject);
      });
    } finally {
      probes.delete(id);
      clearTimeout(timer);
    }
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client({
      ...pool.options,
      // Named, so that an operator sees it in pg_stat_activity for what it is.
      application_name: 'staff-portal token notices',
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
    });
    client = next;
    next.on('notification', (message) => {
      if (message.channel !== TOKEN_CHANNEL) return;
      const notice = read(message.payload);
      if (typeof notice?.['probe'] === 'string') probes.get(notice['probe'])?.();
      else deliver(notice, handlers);
    });
    next.on('error', (error) => lose(next, error));
    next.on('end', () => lose(next));
    try {
      await next.connect();
      await next.query(`listen ${TOKEN_CHANNEL}`);
      await probe();
      // Listening first, then reading again: nothing committed in between goes unheard.
      await handlers.resync();
    } catch (error) {
      lose(next, error);
      return;
    }
    if (client !== next) return;
    listening = true;
    retryMs = RETRY_FIRST_MS;
    if (lostSince !== undefined) {
      log.info({ downMs: Date.now() - lostSince }, 'token notices: listening again');
      lostSince = undefined;
    }
  }

  const check = setInterval(() => {
    const current = client;
    if (current && listening) void probe().catch((error: unknown) => lose(current, error));
  }, PROBE_MS);
  check.unref();

  await connect();
  return {
    listening: () => listening,
    close: async () => {
      closed = true;
      listening = false;
      clearInterval(check);
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
