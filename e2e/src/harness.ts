import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject, type TestContext } from 'vitest';
import { ADMIN_ACCESS_KEY_ID, ADMIN_SECRET_ACCESS_KEY, DEMO_PASSWORD } from './accounts';
import { renewedSignIn, sessionPart, type StorageState } from './kept-sign-ins';
import { signIn } from './sign-in';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const artifactsDir = path.join(root, 'e2e/artifacts');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags this machine's Chromium needs headless (no sandbox as root; no network chatter). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A free loopback port, for a server the test starts itself. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  /** Stops the server and removes its data directory, or moves it to `keepData` (empty or absent). */
  stop: (options?: { keepData?: string }) => Promise<void>;
}

/**
 * Starts the built server (`npm start`'s bundle) with a data directory of its own and waits until
 * ready: on a free port, or on `env.PORT` (a replica started again where the proxy expects it).
 * The data directory is a copy of `from` when given (a demo organisation seeded once per run:
 * `seededDataDir`), else empty, so that the server migrates and seeds it as a first start does.
 */
export async function startServer(env: Record<string, string> = {}, from?: string): Promise<RunningServer> {
  const bundle = path.join(root, 'apps/server/dist/server.mjs');
  if (!fs.existsSync(bundle) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build the web app and the server first (npm test does; or run `npm start` once).');
  }
  const port = env['PORT'] ? Number(env['PORT']) : await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-e2e-'));
  if (from) fs.cpSync(from, dataDir, { recursive: true });
  const url = `http://localhost:${port}`;
  const server = await startProcess('The server', process.execPath, ['--enable-source-maps', bundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD,
      IDENTITY_ADMIN_ACCESS_KEY_ID: ADMIN_ACCESS_KEY_ID,
      IDENTITY_ADMIN_SECRET_ACCESS_KEY: ADMIN_SECRET_ACCESS_KEY,
      // The flows read codes from the log (gate-checks.ts): the explicit development setting.
      LOG_IDENTITY_MESSAGES: 'true',
      // Every browser test signs in from 127.0.0.1, many times a minute: limits the tests never reach.
      RATE_LIMIT_IDENTITY_PER_CLIENT: '100000',
      RATE_LIMIT_IDENTITY_PER_ACCOUNT: '100000',
      RATE_LIMIT_WRITES_PER_USER: '100000',
      RATE_LIMIT_EXPORTS_PER_USER: '100000',
      ...env,
    },
    readyUrl: `${url}/readyz`,
    // Only ends a server that hangs: a first start takes 7 s on a quiet 2-core machine and over
    // 60 s on a saturated one. Below the hooks' 180 s, so a hang shows the server's output.
    seconds: 150,
    stopSignal: 'SIGTERM',
  });
  return {
    url,
    dataDir,
    output: server.output,
    async stop({ keepData }: { keepData?: string } = {}) {
      await server.stop();
      if (keepData) {
        fs.rmSync(keepData, { recursive: true, force: true });
        fs.renameSync(dataDir, keepData);
      } else {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * A data directory with the demo organisation, made once per run by the browser tests' global
 * setup: the server started on an empty one (migrations, keys, the demo seed: about 7 s and 11 s
 * of CPU on a 2-core machine) and stopped. Each test file's server starts on a copy of it, as a
 * restart does (decision record 0085). The first start itself is tested where it matters: the
 * cluster test, the production install and the first-start benchmark.
 */
export async function seedDataDir(): Promise<string> {
  const server = await startServer();
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-e2e-seeded-'));
  try {
    await server.stop({ keepData: copy });
  } catch (error) {
    fs.rmSync(copy, { recursive: true, force: true });
    throw error;
  }
  return copy;
}

/** A process a test started, with everything it printed. */
export interface StartedProcess {
  output: () => string;
  /** Sends the stop signal, if it still runs, and waits until it has exited. */
  stop: () => Promise<void>;
}

/**
 * Starts `command` and waits until `readyUrl` answers 2xx; its exiting first, or `seconds`
 * passing, fails with what it printed. `what` names it in those errors.
 */
export async function startProcess(
  what: string,
  command: string,
  args: string[],
  options: {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    readyUrl: string;
    seconds: number;
    stopSignal: NodeJS.Signals;
  },
): Promise<StartedProcess> {
  let output = '';
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + options.seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}) before it was ready:\n${output}`);
    const ready = await fetch(options.readyUrl).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${options.seconds} s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill(options.stopSignal);
        await exited;
      }
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

export interface Session {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen in the current test. */
  errors: string[];
  /** The current page's last API calls that failed or answered an error, kept for a failure's report. */
  failedCalls: string[];
}

/**
 * One server and one browser per test file, the server on its own copy of the run's seeded data
 * directory; a fresh browser context (cookies, storage) per page opened. A failing test leaves a
 * full-page screenshot in e2e/artifacts. Call at the top level of a test file.
 */
export function useSession(
  options: { env?: Record<string, string>; viewport?: { width: number; height: number } } = {},
) {
  const session = { errors: [] as string[], failedCalls: [] as string[] } as Session;
  beforeAll(async () => {
    session.server = await startServer(options.env, inject('seededDataDir'));
    session.browser = await launchBrowser();
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.stop();
  });
  afterEach(async (context: TestContext) => {
    if (context.task.result?.state === 'fail' && session.page) {
      fs.mkdirSync(artifactsDir, { recursive: true });
      const name = context.task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      await session.page
        .screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true })
        .catch(() => undefined);
      // What the page said and which calls failed, beside the picture and in the output.
      const report = [`errors: ${JSON.stringify(session.errors)}`, 'failed calls:', ...session.failedCalls].join('\n');
      fs.writeFileSync(path.join(artifactsDir, `${name}.log`), `${report}\n`);
      console.log(`${context.task.name}\n${report}`);
    }
    await session.context?.close();
  });
  /** Opens a fresh context and page at `pathname`, with `storageState` in the context when given. */
  const open = async (pathname = '/', { storageState }: { storageState?: StorageState } = {}) => {
    session.errors = [];
    session.context = await session.browser.newContext({
      viewport: options.viewport ?? { width: 1280, height: 800 },
      ...(storageState ? { storageState } : {}),
    });
    session.page = await session.context.newPage();
    session.page.on('console', (message) => {
      if (message.type() === 'error') session.errors.push(message.text());
    });
    session.page.on('pageerror', (error) => session.errors.push(error.message));
    session.failedCalls = [];
    const failedCall = (line: string) => {
      session.failedCalls.push(`${new Date().toISOString()} ${line}`);
      session.failedCalls.splice(0, session.failedCalls.length - 20);
    };
    session.page.on('requestfailed', (request) =>
      failedCall(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText ?? '?'}`),
    );
    session.page.on('response', (response) => {
      if (response.status() >= 400) failedCall(`${response.request().method()} ${response.url()} ${response.status()}`);
    });
    await session.page.goto(new URL(pathname, session.server.url).toString());
    return session.page;
  };

  // The first page a file opens as a persona signs in through the gate; later ones start from that
  // sign-in's session, renewed, as a returning user's browser does (kept-sign-ins.ts): a page is
  // shown about a second sooner than through the gate (decision record 0086).
  const signIns = new Map<string, StorageState>();
  afterAll(() => signIns.clear());
  /** Opens a fresh context and page at `pathname`, signed in as `email`, with its heading shown. */
  const openAs = async (email: string, pathname: string): Promise<Page> => {
    const kept = signIns.get(email);
    const renewed = kept === undefined ? null : await renewedSignIn(kept);
    const page = await open(pathname, renewed === null ? {} : { storageState: renewed });
    if (renewed === null) {
      await signIn(page, email);
      signIns.set(email, sessionPart(await session.context.storageState()));
    }
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return page;
  };

  return { session, open, openAs };
}

export { expect };
