// `npm start`: build what is missing or stale (decision record 0005), then run the server (it
// migrates, seeds the demo organisation on first start, and prints its URL). The web app builds
// while the server migrates and seeds, on the machine's other core; the server listens once both
// are done (decision record 0081).
//
// With NODE_ENV=production it never builds: the installation may be shared by several replicas
// and read-only, and lacks the dev dependencies a build needs. It runs what `npm run build`
// made, or stops with one line saying to build first (decision record 0054).
import './lib/node-version.mjs';
import { ensureBuilt, ensureBuiltInBackground, hasBuild } from './lib/builds.mjs';

process.setSourceMapsEnabled(true);
let webBuild;
if (process.env.NODE_ENV === 'production') {
  if (!hasBuild('web') || !hasBuild('server')) {
    console.error('Staff Portal is not built: run `npm run build` before starting it with NODE_ENV=production.');
    process.exit(1);
  }
} else {
  webBuild = ensureBuiltInBackground('web');
  ensureBuilt('server');
}
const { startServer } = await import('../apps/server/dist/start-server.mjs');
await startServer({ webBuild }).catch((error) => {
  // A database it cannot open is said in one line (apps/server/src/db/unreachable-database.ts).
  console.error(error?.name === 'DatabaseUnreachable' ? `Staff Portal cannot start: ${error.message}` : error);
  process.exit(1);
});
