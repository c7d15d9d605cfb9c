import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { identityOutbox } from '@staff-portal/identity/schema';
import { unauthenticated } from '@staff-portal/shared/errors';
import type { Database } from '../db/client';

export interface MetricsOptions {
  /** `METRICS_TOKEN`: the bearer token `/metrics` answers to. Unset, the plugin adds nothing. */
  token: string | undefined;
  database: Database;
  /** Where the embedded identity endpoint is served (its sign-ins are counted); undefined in Cognito mode. */
  identityPath: string | undefined;
}

/** The label of requests that matched no route (404s): one label, whatever the URL. */
const UNMATCHED = 'unmatched';

const SIGN_IN_OPERATIONS = new Set(['InitiateAuth', 'RespondToAuthChallenge']);
const REFRESH_FLOWS = new Set(['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']);
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

// The outbox states the IT admin page shows (docs/product/screens.md), for e-mails not delivered:
// waiting to be sent (or sent again), or failed at the last attempt (docs/product/files-mail-logs.md §3).
const { deliveredAt, deliveryError, nextAttemptAt } = identityOutbox;
const OUTBOX_WAITING = sql`${deliveredAt} is null and ${deliveryError} is null and ${nextAttemptAt} is not null`;
const OUTBOX_FAILED = sql`${deliveredAt} is null and ${deliveryError} is not null`;

/** Compares in constant time: both sides are hashed first, so neither their length nor content leaks. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
function bearerOf(request: FastifyRequest): string | undefined {
  const match = /^Bearer +(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/**
 * A sign-in step of the embedded identity endpoint, as it was answered: `signedIn` when tokens
 * were issued, `refused` with the Cognito error type, otherwise undefined (a challenge to answer
 * next, a token refresh, another operation).
 */
function signInOutcome(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): { signedIn: true } | { refused: string } | undefined {
  const target = request.headers['x-amz-target'];
  const operation =
    typeof target === 'string' && target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
  if (!SIGN_IN_OPERATIONS.has(operation)) return undefined;
  const body = request.body as Record<string, unknown> | undefined;
  // A refresh answers tokens too, but nobody signed in.
  if (operation === 'InitiateAuth' && REFRESH_FLOWS.has(String(body?.['AuthFlow']))) return undefined;
  if (reply.statusCode >= 400 && reply.statusCode < 500) {
    // The identity service names the error as Cognito does: `x-amzn-errortype: NotAuthorizedException:`.
    const type = String(reply.getHeader('x-amzn-errortype') ?? '').split(':')[0] ?? '';
    return { refused: /^[A-Za-z]{1,64}$/.test(type) ? type : 'other' };
  }
  if (reply.statusCode !== 200 || typeof payload !== 'string') return undefined;
  try {
    const answer = JSON.parse(payload) as Record<string, unknown>;
    return answer['AuthenticationResult'] === undefined ? undefined : { signedIn: true };
  } catch {
    return undefined;
  }
}

/**
 * `/metrics` in Prometheus' text format (decision record 0050, docs/product/deployment.md §5):
 * request durations by route pattern, the database pool, the leave read cache, the outbox and
 * sign-ins. Each app has its own registry, so apps built side by side (the tests) never share
 * counts. Only with `METRICS_TOKEN` set, and only to a caller that sends it as a bearer token.
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app: FastifyInstance, { token, database, identityPath }) => {
    if (token === undefined) return;
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const registers = [registry];

    const durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });

    const pool = database.driver.engine === 'postgres' ? database.driver.pool : undefined;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Open database connections (the embedded PGlite has its one)',
      registers,
      collect() {
        this.set(pool ? pool.totalCount : 1);
      },
    });
    new Gauge({
      name: 'db_pool_max_connections',
      help: 'The most connections the pool opens (the embedded PGlite has one)',
      registers,
      collect() {
        this.set(pool ? pool.options.max : 1);
      },
    });
    if (pool) {
      new Gauge({
        name: 'db_pool_idle_connections',
        help: 'Open database connections not in use (PostgreSQL)',
        registers,
        collect() {
          this.set(pool.idleCount);
        },
      });
      new Gauge({
        name: 'db_pool_waiting_clients',
        help: 'Queries waiting for a free database connection (PostgreSQL)',
        registers,
        collect() {
          this.set(pool.waitingCount);
        },
      });
    }

    // The read cache counts its own lookups (decision record 0023); the counter reports them as they are.
    new Counter({
      name: 'read_cache_lookups_total',
      help: 'Lookups of the leave read cache, by result (hit or miss); hit rate = hit / (hit + miss)',
      labelNames: ['result'],
      registers,
      collect() {
        const { hits, misses } = app.readCacheStats();
        this.reset();
        this.inc({ result: 'hit' }, hits);
        this.inc({ result: 'miss' }, misses);
      },
    });

    new Gauge({
      name: 'outbox_messages',
      help: 'Outbox e-mails not delivered: waiting (to be sent or sent again) and failed (the last attempt failed)',
      labelNames: ['state'],
      registers,
      async collect() {
        this.reset();
        try {
          const [row] = await database.db
            .select({
              waiting: sql<string>`count(*) filter (where ${OUTBOX_WAITING})`,
              failed: sql<string>`count(*) filter (where ${OUTBOX_FAILED})`,
            })
            .from(identityOutbox);
          this.set({ state: 'waiting' }, Number(row?.waiting ?? 0));
          this.set({ state: 'failed' }, Number(row?.failed ?? 0));
        } catch (error) {
          // Left out of this scrape: no number beats a wrong one, and the rest still answers.
          app.log.warn({ err: error }, 'outbox depth not read for /metrics');
        }
      },
    });

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url;
      if (route === '/metrics') return;
      durations.observe(
        { method: request.method, route: route ?? UNMATCHED, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    // Sign-ins are counted where the embedded identity endpoint answers them; Cognito counts its own.
    if (identityPath !== undefined) {
      const signIns = new Counter({
        name: 'sign_ins_total',
        help: 'Sign-ins the embedded identity service completed with tokens (token refreshes not counted)',
        registers,
      });
      const signInFailures = new Counter({
        name: 'sign_in_failures_total',
        help: 'Sign-in steps the embedded identity service refused, by Cognito error type',
        labelNames: ['reason'],
        registers,
      });
      // A wrong password's reason is there from the start, so the first one shows as an increase.
      signInFailures.inc({ reason: 'NotAuthorizedException' }, 0);

      app.addHook('onSend', async (request, reply, payload) => {
        if (request.method !== 'POST' || request.routeOptions.url?.replace(/\/$/, '') !== identityPath) return payload;
        const outcome = signInOutcome(request, reply, payload);
        if (outcome && 'signedIn' in outcome) signIns.inc();
        if (outcome && 'refused' in outcome) signInFailures.inc({ reason: outcome.refused });
        return payload;
      });
    }

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = bearerOf(request);
      if (given === undefined || !sameSecret(given, token)) {
        const error = unauthenticated('/metrics needs the metrics token as a bearer token.');
        return reply.status(error.status).header('www-authenticate', 'Bearer').send(error.toBody());
      }
      const text = await registry.metrics();
      return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
    });
  },
  { name: 'metrics' },
);
