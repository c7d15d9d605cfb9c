// How long `npm start` takes (docs/product/qualities.md §4): on a fresh clone, where it builds the
// web app and the server, creates the embedded database, migrates it and seeds the demo
// organisation; and started again on what the first start left. Each run copies the checkout's
// files (those git tracks, and new ones it does not ignore: the working tree as it is, without
// builds or data) into a folder of its own, with node_modules as hard links (installing is not
// part of starting), and times `node scripts/start.mjs` there from its launch to the line that
// says it is ready, then checks that the page is served.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const FIRST_START_BUDGET_MS = 10_000;
export const RESTART_BUDGET_MS = 3_000;

const root = path.resolve(import.meta.dirname, '../..');

export interface StartTimes {
  firstMs: number;
  restartMs: number;
}

/** The checkout as a fresh clone would have it, with the installed packages, in a new folder. */
function freshCopy(): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-bench-start-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file !== '' && fs.existsSync(path.join(root, file)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(copy, file));
  }
  // npm's workspaces: the root's packages and those nested in a workspace for another version.
  const installed = execFileSync('find', ['.', '-name', 'node_modules', '-type', 'd', '-prune'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((folder) => folder !== '' && !folder.includes('/dist/'));
  for (const folder of installed) execFileSync('cp', ['-al', path.join(root, folder), path.join(copy, folder)]);
  return copy;
}

/** Runs `npm start`'s script in `cwd` until it says it is ready; answers the time that took and a stop. */
async function startOnce(cwd: string, port: number): Promise<{ ms: number; stop: () => Promise<void> }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd,
    env: { ...process.env, NODE_ENV: '', PORT: String(port), DATA_DIR: path.join(cwd, 'data'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ms = await new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Staff Portal is ready at')) resolve(performance.now() - started);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const page = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } });
  if (!page.ok || !(await page.text()).includes('<div id="root">')) {
    await stop();
    throw new Error(`npm start said it was ready, but / answered ${page.status} without the web app`);
  }
  return { ms, stop };
}

/** `runs` first starts on fresh copies, each followed by a restart on what it left. */
export async function measureStarts(options: {
  runs: number;
  port: number;
  log: (line: string) => void;
}): Promise<StartTimes[]> {
  const times: StartTimes[] = [];
  for (let run = 1; run <= options.runs; run++) {
    const copy = freshCopy();
    try {
      const first = await startOnce(copy, options.port);
      await first.stop();
      const again = await startOnce(copy, options.port);
      await again.stop();
      times.push({ firstMs: first.ms, restartMs: again.ms });
      options.log(`start ${run}: first ${Math.round(first.ms)} ms, restart ${Math.round(again.ms)} ms`);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  }
  return times;
}
