import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './harness';

/**
 * The image's contents without Docker (decision record 0054): the Dockerfile's final stage is
 * read and performed in a temporary folder (its COPY lines from this checkout's build, its
 * `npm ci --omit=dev`, its ENV and CMD), then started as the container would be. A production
 * start must run with production dependencies only and never write into the installation.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

interface FinalStage {
  copies: { sources: string[]; destination: string }[];
  install: string[];
  env: Record<string, string>;
  cmd: string[];
}

/** The last stage of the Dockerfile: what it copies, its `npm ci`, its ENV and its CMD. */
function readFinalStage(): FinalStage {
  const text = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const lines = text.split('\n').map((line) => line.trim());
  const stage = lines.slice(lines.findLastIndex((line) => line.startsWith('FROM ')));
  const result: FinalStage = { copies: [], install: [], env: {}, cmd: [] };
  for (const line of stage) {
    const [instruction, ...words] = line.split(/\s+/);
    if (instruction === 'COPY') {
      const paths = words.filter((word) => !word.startsWith('--'));
      // Both the build context and the build stage's /app are this checkout (built) here.
      const sources = paths.slice(0, -1).map((source) => source.replace(/^\/app\//, ''));
      result.copies.push({ sources, destination: paths.at(-1)! });
    } else if (instruction === 'RUN') {
      const install = line
        .slice(4)
        .split('&&')
        .map((part) => part.trim().split(/\s+/));
      result.install = install.find((command) => command[0] === 'npm' && command[1] === 'ci') ?? result.install;
    } else if (instruction === 'ENV') {
      for (const pair of words) {
        const [key, value] = pair.split('=') as [string, string];
        result.env[key] = value;
      }
    } else if (instruction === 'CMD') {
      result.cmd = JSON.parse(line.slice(4)) as string[];
    }
  }
  return result;
}

/** Every file and link under `dir`, with what changes when it is written. */
function snapshot(dir: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const stat = fs.lstatSync(file);
    const what = entry.isSymbolicLink()
      ? `link ${fs.readlinkSync(file)}`
      : entry.isDirectory()
        ? 'dir'
        : `${stat.size} ${stat.mtimeMs} ${stat.mode}`;
    entries.set(path.relative(dir, file), what);
  }
  return entries;
}

function differences(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed: string[] = [];
  for (const [file, what] of after) {
    if (before.get(file) !== what) changed.push(`${before.has(file) ? 'changed' : 'added'}: ${file}`);
  }
  for (const file of before.keys()) if (!after.has(file)) changed.push(`removed: ${file}`);
  return changed;
}

interface Started {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Runs the image's CMD in `install` with its ENV, as the container would, on a free port. */
async function startProduction(install: string, stage: FinalStage, dataDir: string): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const [command, ...args] = stage.cmd as [string, ...string[]];
  const child = spawn(command === 'node' ? process.execPath : command, args, {
    cwd: install,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...stage.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SEED: 'none',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

async function waitReady(server: Started): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (server.child.exitCode !== null) {
      throw new Error(`The server exited (${server.child.exitCode}) before it was ready:\n${server.output()}`);
    }
    const ready = await fetch(`${server.url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return Date.now() - started;
    // Only ends a start that hangs: a first start takes seconds alone, and passed 90 s beside the
    // other lanes on a loaded machine. Below the tests' 180 s, so a hang shows the output.
    if (Date.now() - started > 150_000) throw new Error(`Not ready within 150 s:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the production image, installed as the Dockerfile does', () => {
  const stage = readFinalStage();
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-production-'));
  const install = path.join(temp, 'app');
  const dataDirs = () => fs.mkdtempSync(path.join(temp, 'data-'));
  let installed: Map<string, string>;

  beforeAll(() => {
    for (const output of ['apps/server/dist/server.mjs', 'apps/web/dist/index.html']) {
      if (!fs.existsSync(path.join(root, output))) {
        throw new Error('Build the web app and the server first (`npm run build`; npm test does).');
      }
    }
    expect(stage.install).toContain('--omit=dev');
    // As COPY does: a folder's contents into the destination, a file into it (a path ending in /) or as it.
    for (const { sources, destination } of stage.copies) {
      for (const source of sources) {
        const from = path.join(root, source);
        const into = fs.statSync(from).isFile() && destination.endsWith('/') ? path.basename(source) : '';
        fs.cpSync(from, path.join(install, destination, into), { recursive: true });
      }
    }
    const started = Date.now();
    // From the npm cache where it can: the test machine may have no registry.
    const result = spawnSync('npm', [...stage.install.slice(1), '--prefer-offline'], {
      cwd: install,
      encoding: 'utf8',
    });
    if (result.status !== 0) {
      throw new Error(`npm ci failed (${result.error?.message ?? result.status}):\n${result.stdout}\n${result.stderr}`);
    }
    console.log(`npm ci --omit=dev took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    installed = snapshot(install);
  });

  afterAll(() => {
    fs.rmSync(temp, { recursive: true, force: true });
  });

  it("has neither dev dependencies nor the web app's packages installed", () => {
    for (const dev of ['vite', 'drizzle-kit', 'vitest', 'typescript', 'react']) {
      expect(fs.existsSync(path.join(install, 'node_modules', dev)), dev).toBe(false);
    }
  });

  it('starts, serves the web app and its settings, and writes nothing into the installation', async () => {
    const server = await startProduction(install, stage, dataDirs());
    try {
      const readyIn = await waitReady(server);
      console.log(`production start ready in ${(readyIn / 1000).toFixed(1)} s`);
      const settings = await fetch(`${server.url}/config.json`);
      expect(settings.status).toBe(200);
      expect(await settings.json()).toMatchObject({ api: { leaveApiUrl: '/api' } });
      const page = await fetch(`${server.url}/`);
      expect(page.status).toBe(200);
      const indexHtml = fs.readFileSync(path.join(install, 'apps/web/dist/index.html'), 'utf8');
      expect(await page.text()).toBe(indexHtml);
      const script = /<script type="module" crossorigin src="([^"]+)"/.exec(indexHtml)?.[1];
      expect(script).toBeDefined();
      expect((await fetch(`${server.url}${script}`)).status).toBe(200);
    } finally {
      await server.stop();
    }
    expect(server.output()).not.toMatch(/ERR_MODULE_NOT_FOUND|Building the/);
    expect(differences(installed, snapshot(install))).toEqual([]);
  });

  it('starts twice at the same moment from one installation, both ready', async () => {
    const servers = await Promise.all([0, 1].map(() => startProduction(install, stage, dataDirs())));
    try {
      const times = await Promise.all(servers.map(waitReady));
      console.log(`two production starts ready in ${times.map((ms) => (ms / 1000).toFixed(1)).join(' s and ')} s`);
      for (const server of servers) expect((await fetch(`${server.url}/config.json`)).status).toBe(200);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
    expect(differences(installed, snapshot(install))).toEqual([]);
  });

  it('without a build, `npm start` in production exits 1 saying to run `npm run build`', () => {
    const bare = path.join(temp, 'unbuilt');
    for (const file of ['package.json', 'scripts/start.mjs', 'scripts/lib']) {
      fs.cpSync(path.join(root, file), path.join(bare, file), { recursive: true });
    }
    const result = spawnSync('npm', ['start', '--silent'], {
      cwd: bare,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toContain(
      'Staff Portal is not built: run `npm run build` before starting it with NODE_ENV=production.',
    );
    expect(fs.existsSync(path.join(bare, 'apps'))).toBe(false);
  });
});
