import { createHash } from 'node:crypto';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CognitoError } from '@staff-portal/identity/errors';
import { isAdminTarget } from '@staff-portal/identity/service';
import { AppError } from '@staff-portal/shared/errors';
import type { RateLimits } from '../config';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema/app';

/**
 * Counts one request under each of `keys` (distinct) in their current fixed windows and answers
 * each count with the milliseconds left of its window. One upsert, on the database's clock:
 * servers sharing the database count together and agree on when a window ends.
 */
export async function countRequests(
  db: Db,
  keys: readonly string[],
  windowMs: number,
): Promise<Map<string, { current: number; ttl: number }>> {
  const counters = rateLimitCounters;
  const expired = sql`${counters.windowEndsAt} <= now()`;
  const rows = await db
    .insert(counters)
    .values(
      keys.map((key) => ({ key, count: 1, windowEndsAt: sql`now() + make_interval(secs => ${windowMs / 1000})` })),
    )
    .onConflictDoUpdate({
      target: counters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${counters.count} + 1 end`,
        windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${counters.windowEndsAt} end`,
      },
    })
    .returning({
      key: counters.key,
      current: counters.count,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from ${counters.windowEndsAt} - now()) * 1000))::int`,
    });
  return new Map(rows.map((row) => [row.key, { current: row.current, ttl: Number(row.ttl) }]));
}

/** Counts one request under `key`: `countRequests` for one key. */
export async function countRequest(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  return (await countRequests(db, [key], windowMs)).get(key)!;
}

/** @fastify/rate-limit's store contract, kept in the database instead of process memory. */
function databaseStore(db: Db) {
  return class DatabaseStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      countRequest(db, key, windowMs).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child() {
      return this;
    }
  };
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** The limiter's verdict: undefined when the request may go on, otherwise the seconds to wait. */
async function secondsToWait(limiter: Limiter, request: FastifyRequest, reply: FastifyReply) {
  const verdict = await limiter(request);
  if (verdict.isAllowed || !verdict.isExceeded) return undefined;
  const seconds = Math.max(1, verdict.ttlInSeconds);
  reply.header('retry-after', String(seconds));
  return seconds;
}

/** Where `registerRateLimitStore` leaves the database the counters are kept in. */
const COUNTER_DB = 'rateLimitCounterDb';

/** How often each server forgets windows that have ended (any server may; they agree). */
const SWEEP_MS = 5 * 60_000;

/**
 * Registers @fastify/rate-limit with the database store and forgets ended windows now and then.
 * The limits themselves are hooks added by `apiRateLimits` and `identityRateLimits`.
 */
export async function registerRateLimitStore(app: FastifyInstance, db: Db) {
  await app.register(rateLimit, { global: false, store: databaseStore(db) });
  // For the identity endpoint, which counts its two limits in one statement.
  app.decorate(COUNTER_DB, db);
  const sweep = setInterval(() => {
    db.delete(rateLimitCounters)
      .where(sql`${rateLimitCounters.windowEndsAt} < now()`)
      .catch((error: unknown) => app.log.warn({ err: error }, 'rate limit counters not swept'));
  }, SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Report downloads: the routes whose path names a spreadsheet or CSV file. */
const EXPORT_PATH = /\.(xlsx|csv)$/;

/**
 * Per signed-in user: writes (every POST, PUT, PATCH and DELETE under /api) and report exports,
 * each with its own count. Runs after authentication (the user is known) and before the route's
 * validation; a refusal is 429 RATE_LIMITED with Retry-After. Other reads are not counted.
 */
export const apiRateLimits = fp<{ db: Db; limits: RateLimits }>(
  async (app, { db, limits }) => {
    await registerRateLimitStore(app, db);
    const timeWindow = limits.windowSeconds * 1000;
    const writes = app.createRateLimit({
      max: limits.writesPerUser,
      timeWindow,
      keyGenerator: (request) => `write:${request.user?.sub ?? ''}`,
    });
    const exports = app.createRateLimit({
      max: limits.exportsPerUser,
      timeWindow,
      keyGenerator: (request) => `export:${request.user?.sub ?? ''}`,
    });
    app.addHook('preValidation', async (request, reply) => {
      if (!request.user || !request.url.startsWith('/api/')) return;
      const limiter = WRITES.has(request.method)
        ? writes
        : request.method === 'GET' && EXPORT_PATH.test(request.routeOptions.url ?? '')
          ? exports
          : undefined;
      if (!limiter) return;
      const wait = await secondsToWait(limiter, request, reply);
      if (wait !== undefined) throw new AppError('RATE_LIMITED', `Too many requests. Try again in ${wait} s.`);
    });
  },
  { name: 'api-rate-limits', dependencies: ['auth'] },
);

/** The username a public identity operation names, if any: `Username`, or `USERNAME` in its parameters. */
function usernameOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as Record<string, unknown>;
  const nested = (field: string) => {
    const value = b[field];
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['USERNAME'] : undefined;
  };
  const name = b['Username'] ?? nested('AuthParameters') ?? nested('ChallengeResponses');
  return typeof name === 'string' && name.trim() !== '' ? name.trim().toLowerCase() : undefined;
}

const tooManyRequests = (seconds: number) =>
  new CognitoError('TooManyRequestsException', `Too many requests. Try again in ${seconds} s.`);

/**
 * The identity endpoint's limits, answered as Cognito answers them (TooManyRequestsException,
 * with Retry-After): calls per client address (the forwarded one with TRUST_PROXY), and calls
 * naming one username (InitiateAuth, RespondToAuthChallenge, ForgotPassword, ...). Both are
 * counted once the body is read, in one statement (decision record 0058; a sign-in's two calls
 * made four round trips for their counts before). Usernames are counted by their hash: the
 * counters table holds no e-mail addresses. The service's own lockout after failed passwords
 * is separate and unchanged. Call in the scope the identity routes are registered in, after
 * `registerRateLimitStore`.
 */
export function identityRateLimits(scope: FastifyInstance, limits: RateLimits) {
  const timeWindow = limits.windowSeconds * 1000;
  const db = (scope as unknown as Record<typeof COUNTER_DB, Db | undefined>)[COUNTER_DB];
  if (db === undefined) throw new Error('identityRateLimits needs registerRateLimitStore first');
  // Admin operations are not counted: they need the admin key pair's signature (checked by the
  // service), and the portal's access control makes them in numbers (decision record 0037).
  const counted = (request: FastifyRequest) =>
    request.method === 'POST' &&
    !(typeof request.headers.authorization === 'string' && isAdminTarget(request.headers['x-amz-target']));
  scope.addHook('preHandler', async (request, reply) => {
    if (!counted(request)) return;
    const username = usernameOf(request.body);
    const limited: [string, number][] = [[`identity-client:${normalizeIP(request.ip)}`, limits.identityPerClient]];
    if (username !== undefined) {
      const hash = createHash('sha256').update(username).digest('base64url');
      limited.push([`identity-account:${hash}`, limits.identityPerAccount]);
    }
    const counts = await countRequests(
      db,
      limited.map(([key]) => key),
      timeWindow,
    );
    for (const [key, max] of limited) {
      const count = counts.get(key);
      if (count === undefined || count.current <= max) continue;
      const seconds = Math.max(1, Math.ceil(count.ttl / 1000));
      reply.header('retry-after', String(seconds));
      throw tooManyRequests(seconds);
    }
  });
}
