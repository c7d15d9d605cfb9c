// Builds the web app and the server bundle when they are missing or their sources changed.
// Staleness is a hash of the inputs' contents (not mtimes, which git checkouts reset), kept
// beside each build output.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
    build() {
      return spawnSync(
        process.execPath,
        [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
        {
          cwd: path.join(root, 'apps/web'),
          stdio: 'inherit',
        },
      ).status;
    },
  },
  server: {
    inputs: ['apps/server/src', 'apps/server/package.json', 'scripts/build-server.mjs', ...shared],
    outDir: 'apps/server/dist',
    output: 'apps/server/dist/server.mjs',
    build() {
      return spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' })
        .status;
    },
  },
};

/** Builds `name` unless its output exists and was built from the same inputs. */
export function ensureBuilt(name, { force = false } = {}) {
  const target = targets[name];
  const stampFile = path.join(root, target.outDir, '.build-hash');
  const hash = hashOf(target.inputs);
  const upToDate =
    !force &&
    fs.existsSync(path.join(root, target.output)) &&
    fs.existsSync(stampFile) &&
    fs.readFileSync(stampFile, 'utf8') === hash;
  if (upToDate) return false;
  console.log(`Building the ${name}...`);
  const status = target.build();
  if (status !== 0) {
    console.error(`Building the ${name} failed (exit ${status}).`);
    process.exit(status ?? 1);
  }
  fs.writeFileSync(stampFile, hash);
  return true;
}
