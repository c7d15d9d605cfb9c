// Builds the web app and the server bundle when they are missing or their sources changed.
// Staleness is a hash of the inputs' contents (not mtimes, which git checkouts reset), kept
// beside each build output. A build is written into a staging folder and renamed into place, so
// a process reading the output never sees half of one (decision record 0054).
//
// `node scripts/lib/builds.mjs` (`npm run build`) builds both, whether stale or not.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

const SKIP = new Set(['node_modules', 'dist', '.vite']);

function* filesUnder(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) {
    if (SKIP.has(name) || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    yield* filesUnder(path.join(entry, name));
  }
}

function hashOf(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesUnder(path.join(root, input))) {
      hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

const shared = ['packages/shared/src', 'packages/shared/package.json', 'package-lock.json'];

/**
 * Each target's `command(outDir)` is the process that writes the whole build into `outDir`
 * (absolute, not yet existing): the arguments to Node.js and the folder to run it in.
 */
export const targets = {
  web: {
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      ...shared,
    ],
    outDir: 'apps/web/dist',
    output: 'apps/web/dist/index.html',
    command: (outDir) => ({
      args: [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir],
      cwd: path.join(root, 'apps/web'),
    }),
  },
  server: {
    inputs: [
      'apps/server/src',
      'apps/server/package.json',
      'packages/identity/src',
      'packages/identity/package.json',
      'scripts/build-server.mjs',
      ...shared,
    ],
    outDir: 'apps/server/dist',
    output: 'apps/server/dist/server.mjs',
    command: (outDir) => ({ args: [path.join(root, 'scripts/build-server.mjs'), outDir], cwd: root }),
  },
};

function stampOf(dir) {
  return fs.readFileSync(path.join(dir, '.build-hash'), 'utf8');
}

/** True when `name`'s output exists and was built from inputs whose hash is `hash`. */
function isBuilt(name, hash) {
  const target = targets[name];
  try {
    return fs.existsSync(path.join(root, target.output)) && stampOf(path.join(root, target.outDir)) === hash;
  } catch {
    return false;
  }
}

/** Whether the output of `name` is there at all (a production start checks only this). */
export function hasBuild(name) {
  return fs.existsSync(path.join(root, targets[name].output));
}

/**
 * Builds `name` unless its output exists and was built from the same inputs. The build goes to
 * `<outDir's parent>/.build-<random>/dist` (a `dist` folder, so git, ESLint and Prettier ignore it
 * as they ignore the output), gets its stamp there, and replaces the output with one rename. Two
 * starts racing both build; the second to finish finds the first's identical build in place and
 * keeps it, so neither ever removes an up-to-date output that the other may be loading.
 */
export function ensureBuilt(name, { force = false } = {}) {
  const build = staleBuild(name, force);
  if (build === undefined) return false;
  const { args, cwd } = targets[name].command(build.next);
  build.finish(spawnSync(process.execPath, args, { cwd, stdio: 'inherit' }).status);
  return true;
}

/**
 * As `ensureBuilt`, but the build runs while this process goes on: the promise settles once the
 * output is in place (at once when it was up to date). `npm start` builds the web app this way
 * while the server starts (decision record 0081).
 */
export function ensureBuiltInBackground(name) {
  const build = staleBuild(name, false);
  if (build === undefined) return Promise.resolve(false);
  const { args, cwd } = targets[name].command(build.next);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      try {
        build.finish(code ?? (signal ? 1 : 0));
        resolve(true);
      } catch (error) {
        reject(error);
      }
    });
  });
}

/**
 * When `name` needs building: the staging folder to build into, and `finish(status)`, which puts
 * a successful build in place or, on a failed one, says so and ends the process.
 */
function staleBuild(name, force) {
  const target = targets[name];
  const hash = hashOf(target.inputs);
  if (!force && isBuilt(name, hash)) return undefined;
  console.log(`Building the ${name}...`);
  const outDir = path.join(root, target.outDir);
  const staging = path.join(path.dirname(outDir), `.build-${randomBytes(6).toString('hex')}`);
  const next = path.join(staging, 'dist');
  fs.mkdirSync(staging, { recursive: true });
  return {
    next,
    finish(status) {
      try {
        if (status === 0) {
          fs.writeFileSync(path.join(next, '.build-hash'), hash);
          replace(outDir, next, force ? null : hash, staging);
        }
      } finally {
        fs.rmSync(staging, { recursive: true, force: true });
      }
      if (status !== 0) {
        console.error(`Building the ${name} failed (exit ${status}).`);
        process.exit(status ?? 1);
      }
    },
  };
}

/**
 * Renames `next` to `outDir`, moving the output there out of the way first (into `staging`)
 * unless it was built from the same inputs (`hash`; null when a forced build must replace it).
 */
function replace(outDir, next, hash, staging) {
  for (let attempt = 1; ; attempt++) {
    try {
      fs.renameSync(next, outDir);
      return;
    } catch (error) {
      if (!['ENOTEMPTY', 'EEXIST', 'EPERM'].includes(error.code) || attempt > 5) throw error;
    }
    // Another process finished the same build first: leave its output where it is.
    try {
      if (hash !== null && stampOf(outDir) === hash) return;
    } catch {
      // No stamp: a build from before stamps, or one being replaced; replaced below.
    }
    const old = path.join(staging, `old-${attempt}`);
    fs.mkdirSync(old);
    try {
      fs.renameSync(outDir, path.join(old, 'dist'));
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await import('./node-version.mjs');
  ensureBuilt('web', { force: true });
  ensureBuilt('server', { force: true });
}
