// Bundles the server's TypeScript (and the shared package) into plain ESM in apps/server/dist,
// so `npm start` runs without a TypeScript loader and starts in well under the 3 s budget.
// npm packages stay external; dynamic imports stay separate chunks so the embedded default never
// loads the PostgreSQL driver or the Cognito verifier.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { root } from './lib/builds.mjs';

const outdir = path.join(root, 'apps/server/dist');
fs.rmSync(outdir, { recursive: true, force: true });

await esbuild.build({
  entryPoints: { server: path.join(root, 'apps/server/src/server.ts') },
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outExtension: { '.js': '.mjs' },
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@staff-portal/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

// The migrator reads SQL files at run time, next to the bundle as it does next to the source.
fs.cpSync(path.join(root, 'apps/server/src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
