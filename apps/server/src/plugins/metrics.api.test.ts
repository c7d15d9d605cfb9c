import { describe, expect, it } from 'vitest';
import { firstAttempt } from '@staff-portal/identity/outbox';
import { identityOutbox } from '@staff-portal/identity/schema';
import { loadConfig } from '../config';
import { callIdentity, createUser, PASSWORD } from '../identity/identity-test-kit';
import { passwordVerifierResponses, srpEphemeral } from '../identity/srp-client';
import { call, seedLeaveFixture } from '../test/leave-fixture';
import { createTestApp, listen, type TestContext } from '../test/app';

// `/metrics` (decision record 0050, docs/product/deployment.md §5): off without METRICS_TOKEN,
// answered only to that bearer token, and its numbers move with what the server did.
const TOKEN = 'metrics-token-for-the-tests-0123456789';
const bearer = { authorization: `Bearer ${TOKEN}` };

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/**
 * Reads Prometheus' text format strictly: every line is a HELP or TYPE comment or one sample,
 * and every sample belongs to a metric whose TYPE came before it. Fails the test otherwise.
 */
function parseMetrics(text: string): Sample[] {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(comment[3]);
        types.set(comment[2]!, comment[3]!);
      }
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`not a line of the Prometheus text format: ${line}`);
    const [, name, labelText = '', valueText] = sample;
    const family = name!.replace(/_(bucket|sum|count|total|created)$/, '');
    expect(types.has(name!) || types.has(family), `TYPE of ${name}`).toBe(true);
    // A float, or NaN and ±Inf as Prometheus reads them (any case: prom-client writes `Nan`).
    expect(valueText, line).toMatch(/^[+-]?(\d+(\.\d*)?([eE][+-]?\d+)?|inf|nan)$/i);
    const value = Number(valueText!.replace(/^([+-]?)inf$/i, '$1Infinity').replace(/^nan$/i, 'NaN'));
    const labels = Object.fromEntries([...labelText.matchAll(LABEL)].map((m) => [m[1]!, m[2]!]));
    samples.push({ name: name!, labels, value });
  }
  return samples;
}

/** The value of the one sample with this name and (at least) these labels; undefined if none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

async function scrape(ctx: TestContext): Promise<Sample[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
  expect(response.statusCode).toBe(200);
  return parseMetrics(response.body);
}

const withMetrics = (options: Parameters<typeof createTestApp>[0] = {}) =>
  createTestApp({ ...options, env: { METRICS_TOKEN: TOKEN, ...options.env } });

describe('/metrics', () => {
  it('is absent without METRICS_TOKEN, whatever the caller sends', async () => {
    const ctx = await createTestApp();
    for (const headers of [{}, bearer]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('refuses a METRICS_TOKEN too short to be a secret, without repeating it', () => {
    for (const token of ['hunter2-secret', 'sixteen chars ok']) {
      expect(() => loadConfig({ METRICS_TOKEN: token })).toThrow(
        /^Invalid configuration: METRICS_TOKEN must be at least 16 printable characters without spaces/,
      );
      expect(() => loadConfig({ METRICS_TOKEN: token })).not.toThrow(/hunter2|chars ok/);
    }
    expect(loadConfig({ METRICS_TOKEN: ` ${TOKEN} ` }).metricsToken).toBe(TOKEN);
  });

  it('answers 401 without the token, with a wrong one, or with another scheme', async () => {
    const ctx = await withMetrics();
    const refusals = [
      {},
      { authorization: 'Bearer wrong-token-of-some-length-0000' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ];
    for (const headers of refusals) {
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(response.body).not.toContain('process_');
    }
  });

  it('answers the Prometheus text format to the token, with process metrics, and is not in the API docs', async () => {
    const ctx = await withMetrics();
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const samples = parseMetrics(response.body);
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    const { driver } = ctx.database;
    if (driver.engine === 'postgres') {
      // The pool as pg counts it at the scrape (the scrape's own outbox statement may hold one).
      const max = driver.pool.options.max;
      const open = valueOf(samples, 'db_pool_connections')!;
      expect(valueOf(samples, 'db_pool_max_connections')).toBe(max);
      expect(open).toBeGreaterThanOrEqual(1);
      expect(open).toBeLessThanOrEqual(max);
      expect(valueOf(samples, 'db_pool_idle_connections')).toBeLessThanOrEqual(open);
      expect(valueOf(samples, 'db_pool_waiting_clients')).toBe(0);
    } else {
      // PGlite: its one connection, and no pool to wait for.
      expect(valueOf(samples, 'db_pool_connections')).toBe(1);
      expect(valueOf(samples, 'db_pool_max_connections')).toBe(1);
      expect(valueOf(samples, 'db_pool_idle_connections')).toBeUndefined();
    }

    const docs = await ctx.app.inject('/api/docs/json');
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json<{ paths: object }>().paths)).not.toContain('/metrics');
  });

  it('times requests by route pattern and status, never by their raw URL, and not its own', async () => {
    const ctx = await withMetrics();
    await seedLeaveFixture(ctx.database.db);
    const history = await call(ctx, 'hr', 'GET', '/api/leave/requests/LV-2027-NOSUCH/history');
    const status = String(history.statusCode);
    const labels = { method: 'GET', route: '/api/leave/requests/:referenceId/history', status_code: status };
    const before = await scrape(ctx);
    expect(valueOf(before, 'http_request_duration_seconds_count', labels)).toBe(1);

    await call(ctx, 'hr', 'GET', '/api/leave/requests/LV-2027-OTHER/history');
    expect((await ctx.app.inject('/no/such/path/12345')).statusCode).toBe(404);
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    const after = parseMetrics(response.body);
    expect(valueOf(after, 'http_request_duration_seconds_count', labels)).toBe(2);
    expect(valueOf(after, 'http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    expect(valueOf(after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(2);
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    expect(valueOf(after, 'http_request_duration_seconds_count', unmatched)).toBe(1);
    expect(response.body).not.toContain('NOSUCH');
    expect(response.body).not.toContain('12345');
    expect(after.filter((s) => s.labels['route'] === '/metrics')).toEqual([]);
  });

  it('counts the read cache’s hits and misses as the leave screens are read', async () => {
    const ctx = await withMetrics();
    await seedLeaveFixture(ctx.database.db);
    const before = await scrape(ctx);
    const hits = valueOf(before, 'read_cache_lookups_total', { result: 'hit' })!;
    const misses = valueOf(before, 'read_cache_lookups_total', { result: 'miss' })!;
    expect({ hits, misses }).toEqual(ctx.app.readCacheStats());

    // The first read links the staff record (a write, a new data version), so the second misses
    // too and is kept; the third is answered from the cache.
    for (let i = 0; i < 3; i++) expect((await call(ctx, 'hr', 'GET', '/api/leave/me')).statusCode).toBe(200);
    const after = await scrape(ctx);
    expect(valueOf(after, 'read_cache_lookups_total', { result: 'miss' })).toBe(misses + 2);
    expect(valueOf(after, 'read_cache_lookups_total', { result: 'hit' })).toBe(hits + 1);
  });

  it('reports the outbox’s waiting and failed e-mails as the table holds them at the scrape', async () => {
    const ctx = await withMetrics();
    const empty = await scrape(ctx);
    expect(valueOf(empty, 'outbox_messages', { state: 'waiting' })).toBe(0);
    expect(valueOf(empty, 'outbox_messages', { state: 'failed' })).toBe(0);

    const message = { channel: 'EMAIL', recipient: 'hr@example.org', subject: 'Hello', body: 'Body' };
    await ctx.database.db.insert(identityOutbox).values([
      // Being sent (leased), and one whose last attempt failed; then ones that count as neither:
      { ...message, ...firstAttempt(true) },
      { ...message, ...firstAttempt(true), deliveryError: 'connect ECONNREFUSED' },
      { ...message, ...firstAttempt(true), deliveryError: 'connect ECONNREFUSED' },
      { ...message, attempts: 1, deliveredAt: new Date() },
      { ...message, ...firstAttempt(false) },
    ]);
    const after = await scrape(ctx);
    expect(valueOf(after, 'outbox_messages', { state: 'waiting' })).toBe(1);
    expect(valueOf(after, 'outbox_messages', { state: 'failed' })).toBe(2);
  });

  it('counts SRP sign-ins and refused sign-in steps of the embedded identity service, not refreshes', async () => {
    const ctx = await withMetrics({ realIdentity: true });
    const endpoint = `${await listen(ctx.app)}/identity`;
    const clientId = ctx.config.identity.clientId;
    const poolName = ctx.config.identity.userPoolId.split('_')[1]!;
    await createUser(ctx.app, 'hr@example.org');

    /** One SRP sign-in as Amplify makes it; answers the RespondToAuthChallenge answer. */
    async function srpSignIn(password: string) {
      const ephemeral = srpEphemeral();
      const started = await callIdentity(endpoint, 'InitiateAuth', {
        ClientId: clientId,
        AuthFlow: 'USER_SRP_AUTH',
        AuthParameters: { USERNAME: 'hr@example.org', SRP_A: ephemeral.AHex },
      });
      expect(started.body['ChallengeName']).toBe('PASSWORD_VERIFIER');
      const challenge = started.body['ChallengeParameters'] as Record<string, string>;
      return callIdentity(endpoint, 'RespondToAuthChallenge', {
        ClientId: clientId,
        ChallengeName: 'PASSWORD_VERIFIER',
        ChallengeResponses: passwordVerifierResponses({ poolName, ephemeral, challenge, password }),
      });
    }

    const before = await scrape(ctx);
    expect(valueOf(before, 'sign_ins_total')).toBe(0);
    expect(valueOf(before, 'sign_in_failures_total', { reason: 'NotAuthorizedException' })).toBe(0);

    const signedIn = await srpSignIn(PASSWORD);
    expect(signedIn.status).toBe(200);
    const tokens = signedIn.body['AuthenticationResult'] as { RefreshToken: string };
    expect((await srpSignIn('Wrong-pass-1')).body['__type']).toBe('NotAuthorizedException');
    const refreshed = await callIdentity(endpoint, 'InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body['AuthenticationResult']).toBeDefined();

    const after = await scrape(ctx);
    expect(valueOf(after, 'sign_ins_total')).toBe(1);
    expect(valueOf(after, 'sign_in_failures_total', { reason: 'NotAuthorizedException' })).toBe(1);
    // The identity endpoint is timed like any route, under its one pattern.
    const identityRoute = after.filter(
      (s) => s.name === 'http_request_duration_seconds_count' && s.labels['route']?.startsWith('/identity'),
    );
    expect(identityRoute.reduce((sum, s) => sum + s.value, 0)).toBe(5);
  });

  it('has no sign-in counters in Cognito mode, where Cognito answers the sign-ins', async () => {
    const ctx = await withMetrics({
      env: { IDENTITY_PROVIDER: 'cognito', AUTH_USER_POOL_ID: 'ap-southeast-1_Ab12Cd34E', AUTH_CLIENT_ID: 'abc123' },
    });
    const samples = await scrape(ctx);
    expect(samples.filter((s) => s.name.startsWith('sign_in'))).toEqual([]);
    expect(valueOf(samples, 'outbox_messages', { state: 'waiting' })).toBe(0);
  });
});
