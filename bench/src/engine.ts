// One engine's part of `npm run bench`: a fresh database loaded to the demo size, the server
// started on it (bench-server.ts), the leave screens in a browser, then the scenarios' rows.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@staff-portal/server/config';
import { openDatabase } from '@staff-portal/server/db/client';
import { migrate } from '@staff-portal/server/db/migrate';
import { runOnConnection } from '@staff-portal/server/db/pg-client';
import { launchBrowser } from './browser';
import { generate, irSamples, sizes, type Size } from './generate';
import { benchStaffEmail, linkBenchStaff, pendingReferences } from './generate-leave';
import { generatePosts } from './generate-posts';
import { BENCH_PASSWORD, createBenchUsers, identityClient, type SignInTimes } from './identity';
import { measuresOf, type LoopDelay, type LoopDelayOf, type Row } from './measure';
import { measurePageLoads, withinPageBudgets, type ScreenReport } from './page-load';
import { leaveScreens } from './scenarios/leave';
import { bearer, type Bench, type Scenario } from './scenarios/scenario';

export interface EngineOptions {
  size: Size;
  duration: number;
  connections: number;
  signInLoops: number;
  signInsPerSecond: number;
  pageRuns: number;
  screenNames: string[] | undefined;
  traceDir: string | undefined;
  port: number;
  /** `http://127.0.0.1:<port>`. */
  url: string;
  postgresUrl: string;
  /** `--auth-only`: no browser rows before the scenarios. */
  authOnly: boolean;
  /** `--pages-only`: the browser rows alone. */
  pagesOnly: boolean;
}

export interface EngineResult {
  rows: Row[];
  /** The leave screens' browser rows, when they were measured. */
  pages: ScreenReport[] | undefined;
  /** Notes for under the table. */
  notes: string[];
}

export function postgresAvailable(adminUrl: string) {
  return runOnConnection(adminUrl, 'select 1').then(
    () => true,
    () => false,
  );
}

async function benchPages(engine: string, options: EngineOptions): Promise<ScreenReport[]> {
  const browser = await launchBrowser();
  try {
    const reports = await measurePageLoads({
      browser,
      url: options.url,
      password: BENCH_PASSWORD,
      screens: leaveScreens(options.screenNames),
      runs: options.pageRuns,
      traceDir: options.traceDir,
      log: (line) => console.log(`[${engine}] ${line}`),
    });
    if (!withinPageBudgets(reports)) process.exitCode = 1;
    return reports;
  } finally {
    await browser.close();
  }
}

/** Answers `make`'s promise, made the first time it is asked for and the same one after. */
function madeOnce<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/** Benchmarks `engine`: its browser rows (unless `--auth-only`), then `scenarios` in order. */
export async function benchEngine(
  engine: 'pglite' | 'postgres',
  options: EngineOptions,
  scenarios: Scenario[],
): Promise<EngineResult> {
  const { size, port, url } = options;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-bench-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (engine === 'postgres') {
    const adminUrl = options.postgresUrl;
    const name = `sp_bench_${randomBytes(4).toString('hex')}`;
    await runOnConnection(adminUrl, `create database "${name}"`);
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = async () => {
      await runOnConnection(adminUrl, `drop database if exists "${name}" with (force)`);
    };
  }
  const env = {
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    // The bench is one client hammering sign-in and writes as few users: limits it never reaches.
    RATE_LIMIT_IDENTITY_PER_CLIENT: '1000000',
    RATE_LIMIT_IDENTITY_PER_ACCOUNT: '1000000',
    RATE_LIMIT_WRITES_PER_USER: '1000000',
    RATE_LIMIT_EXPORTS_PER_USER: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };

  console.log(`[${engine}] loading the ${size} demo size...`);
  const started = Date.now();
  const config = loadConfig(env);
  const database = await openDatabase(config);
  await migrate(database);
  await generate(database.db, size);
  const usersStarted = Date.now();
  const users = await createBenchUsers(database, config, sizes[size].identityUsers);
  const usersSeconds = (Date.now() - usersStarted) / 1000;
  await linkBenchStaff(database.db);
  // Posts after the accounts: their authors are the bench's admins, their readers its accounts.
  const postsStarted = Date.now();
  const made = await generatePosts(database.db, sizes[size].posts, config.organisation.department);
  console.log(
    `[${engine}] ${made.posts} posts and ${made.receipts} read receipts in ` +
      `${((Date.now() - postsStarted) / 1000).toFixed(1)} s`,
  );
  const pending = await pendingReferences(database.db);
  const ir = await irSamples(database.db);
  await database.close();
  console.log(
    `[${engine}] loaded in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(${users.length} identity users in ${usersSeconds.toFixed(1)} s); starting the server`,
  );

  const server = fork(path.join(import.meta.dirname, 'bench-server.ts'), {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  await new Promise<void>((resolve, reject) => {
    server.once('message', () => resolve());
    server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const serverCpuMs = () =>
    new Promise<number>((resolve) => {
      server.once('message', (message: { cpu: NodeJS.CpuUsage }) =>
        resolve((message.cpu.user + message.cpu.system) / 1000),
      );
      server.send('cpu');
    });
  const serverLoopDelay: LoopDelayOf = async (work) => {
    server.send('loop-start');
    const result = await work();
    const loop = await new Promise<LoopDelay>((resolve) => {
      server.once('message', (message: { loop: LoopDelay }) => resolve(message.loop));
      server.send('loop-stop');
    });
    return { result, loop };
  };

  // The identity endpoint by address, not `localhost`, so fetch never tries ::1 first.
  const identityEndpoint = `http://127.0.0.1:${port}/identity`;
  const clientId = config.identity.clientId;
  const client = identityClient({
    endpoint: identityEndpoint,
    clientId,
    poolName: config.identity.userPoolId.split('_')[1]!,
  });
  const tokenOf = async (n: number) => {
    const user = users.find((candidate) => candidate.email === benchStaffEmail(n));
    if (user === undefined) throw new Error(`no bench user ${benchStaffEmail(n)}`);
    return (await client.signIn(user)).result.IdToken;
  };
  const bench: Bench = {
    ...measuresOf({
      engine,
      url,
      connections: options.connections,
      duration: options.duration,
      cpuMs: serverCpuMs,
      loopDelay: serverLoopDelay,
    }),
    engine,
    url,
    connections: options.connections,
    duration: options.duration,
    signInLoops: options.signInLoops,
    signInsPerSecond: options.signInsPerSecond,
    client,
    users,
    identity: { endpoint: identityEndpoint, userPoolId: config.identity.userPoolId, clientId },
    pending,
    ir,
    notes: [],
    tokenOf,
    session: madeOnce<SignInTimes>(() => client.signIn(users[0]!)),
    people: madeOnce(async () => ({
      member: bearer(await tokenOf(21)),
      approver: bearer(await tokenOf(20)),
      admin: bearer(await tokenOf(0)),
    })),
    readers: madeOnce(async () => {
      const readers: Record<string, string>[] = [];
      for (let n = 21; readers.length < options.connections && n < users.length; n++) {
        readers.push(bearer(await tokenOf(n)));
      }
      return readers;
    }),
  };
  const result: EngineResult = { rows: [], pages: undefined, notes: bench.notes };
  try {
    if (!options.authOnly) {
      result.pages = await benchPages(engine, options);
      if (options.pagesOnly) return result;
      // The first user signs in before the first row: the log row's session, and the refreshes' fallback.
      await bench.session();
    }
    for (const scenario of scenarios) result.rows.push(...(await scenario.run(bench)));
  } finally {
    await client.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}
