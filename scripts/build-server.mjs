// Bundles the server's TypeScript (and the shared and identity packages) into plain ESM for
// apps/server/dist, so `npm start` runs without a TypeScript loader and starts in well under the
// 3 s budget (decision record 0005). npm packages stay external; dynamic imports stay separate
// chunks so the embedded default never loads the PostgreSQL driver or the Cognito verifier.
//
// `node scripts/build-server.mjs [folder]` writes the bundle into `folder` (default
// apps/server/dist), laid out as if it were apps/server/dist: scripts/lib/builds.mjs builds into a
// staging folder and renames it into place (decision record 0054).
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { root } from './lib/builds.mjs';

const outdir = path.join(root, 'apps/server/dist');
const target = path.resolve(process.argv[2] ?? outdir);

/**
 * An npm package stays a bare import, loaded from node_modules at run time, when the bundle's
 * folder resolves it to the same file as the module importing it does. npm nests a workspace
 * package's own copy when versions differ (packages/identity's @smithy/hash-node, where the root
 * one is another major version and a dev dependency): that one is imported by its path, so the
 * bundle runs the version the package was written against, also with dev dependencies absent.
 */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@staff-portal/') || args.pluginData?.probe) return undefined;
      const resolveFrom = (resolveDir) =>
        build.resolve(args.path, { kind: args.kind, resolveDir, pluginData: { probe: true } });
      const [fromImporter, fromBundle] = await Promise.all([resolveFrom(args.resolveDir), resolveFrom(outdir)]);
      if (fromImporter.errors.length > 0 || fromImporter.external || fromImporter.path === fromBundle.path) {
        return { path: args.path, external: true };
      }
      return { path: path.relative(outdir, fromImporter.path).split(path.sep).join('/'), external: true };
    });
  },
};

const { outputFiles } = await esbuild.build({
  // The SRP worker threads load their own entry, found beside the bundle (srp-threads.ts).
  entryPoints: {
    server: path.join(root, 'apps/server/src/server.ts'),
    // What scripts/start.mjs imports to start the server with a web build still being made.
    'start-server': path.join(root, 'apps/server/src/start-server.ts'),
    'srp-worker': path.join(root, 'packages/identity/src/srp-worker.ts'),
  },
  outdir,
  write: false,
  bundle: true,
  splitting: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outExtension: { '.js': '.mjs' },
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});

fs.rmSync(target, { recursive: true, force: true });
for (const file of outputFiles) {
  const destination = path.join(target, path.relative(outdir, file.path));
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  fs.writeFileSync(destination, file.contents);
}
// The migrator reads SQL files at run time, next to the bundle as it does next to the source.
fs.cpSync(path.join(root, 'apps/server/src/db/migrations'), path.join(target, 'migrations'), { recursive: true });
