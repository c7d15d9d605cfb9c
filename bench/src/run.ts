// `npm run bench`: for each engine (PGlite always; PostgreSQL when one answers), start the
// server on a fresh database, load the demo size, and measure each endpoint with autocannon.
// Usage: npm run bench -- [--size small|large] [--duration 10] [--connections 50] [--engine pglite|postgres]
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { loadConfig } from '@staff-portal/server/config';
import { openDatabase } from '@staff-portal/server/db/client';
import { migrate } from '@staff-portal/server/db/migrate';
import { runOnConnection } from '@staff-portal/server/db/pg-client';
import { generate, sizes, type Size } from './generate';

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: 'large' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    engine: { type: 'string', multiple: true },
    'postgres-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
  },
});
if (!(args.size in sizes)) throw new Error(`--size must be one of ${Object.keys(sizes).join(', ')}`);
const size = args.size as Size;
const duration = Number(args.duration);
const connections = Number(args.connections);
const port = 3900 + Math.floor(Math.random() * 90);
const url = `http://localhost:${port}`;

interface Row {
  engine: string;
  endpoint: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function percentile(sorted: number[], p: number) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(engine: string, endpoint: string, options: autocannon.Options): Promise<Row> {
  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...options, connections, duration }, (error: Error | null, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode >= 400) errors++;
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    engine,
    endpoint,
    rps: Math.round(result.requests.average),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: errors + result.errors + result.timeouts,
  };
}

function postgresAvailable(adminUrl: string) {
  return runOnConnection(adminUrl, 'select 1').then(
    () => true,
    () => false,
  );
}

async function benchEngine(engine: 'pglite' | 'postgres', keys: Awaited<ReturnType<typeof makeKeys>>): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-bench-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (engine === 'postgres') {
    const adminUrl = args['postgres-url'];
    const name = `sp_bench_${randomBytes(4).toString('hex')}`;
    await runOnConnection(adminUrl, `create database "${name}"`);
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = () => runOnConnection(adminUrl, `drop database if exists "${name}" with (force)`);
  }
  const env = {
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };

  console.log(`[${engine}] loading the ${size} demo size...`);
  const started = Date.now();
  const database = await openDatabase(loadConfig(env));
  await migrate(database);
  await generate(database.db, size);
  await database.close();
  console.log(`[${engine}] loaded in ${((Date.now() - started) / 1000).toFixed(1)} s; starting the server`);

  const server = fork(path.join(import.meta.dirname, 'bench-server.ts'), {
    env: { ...process.env, ...env, BENCH_JWKS: JSON.stringify({ keys: [keys.jwk] }) },
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  await new Promise<void>((resolve, reject) => {
    server.once('message', () => resolve());
    server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });

  const idToken = await keys.idToken(`${url}/identity/ap-southeast-1_StaffPortal`);
  const logBody = JSON.stringify({
    userId: 'bench-user-1',
    action: 'Login',
    request: '',
    url: `${url}/`,
    stream: 'login/logout',
    logDate: new Date().toISOString(),
  });
  const rows: Row[] = [];
  try {
    rows.push(await measure(engine, 'GET /healthz', { url: `${url}/healthz` }));
    rows.push(await measure(engine, 'GET /config.json', { url: `${url}/config.json` }));
    rows.push(
      await measure(engine, 'POST /api/log/', {
        url: `${url}/api/log/`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
        body: logBody,
      }),
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

async function makeKeys() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256', use: 'sig' };
  return {
    jwk,
    idToken: (issuer: string) =>
      new SignJWT({
        sub: 'bench-user-1',
        aud: 'staffportalweb',
        token_use: 'id',
        'cognito:username': 'bench-user-1',
        'cognito:groups': ['HR'],
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(privateKey),
  };
}

const keys = await makeKeys();
const engines = (args.engine as ('pglite' | 'postgres')[] | undefined) ?? ['pglite', 'postgres'];
const rows: Row[] = [];
for (const engine of engines) {
  if (engine === 'postgres' && !(await postgresAvailable(args['postgres-url']))) {
    console.log(`[postgres] no PostgreSQL answers at ${args['postgres-url']}: skipped (set BENCH_DATABASE_URL)`);
    continue;
  }
  rows.push(...(await benchEngine(engine, keys)));
}

const fmt = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(1));
console.log(`\n${size} demo size, ${connections} connections, ${duration} s per endpoint, ${os.cpus().length} cores\n`);
console.log('| engine | endpoint | requests/s | p50 ms | p95 ms | p99 ms | errors |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const r of rows)
  console.log(
    `| ${r.engine} | ${r.endpoint} | ${r.rps} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.errors} |`,
  );
