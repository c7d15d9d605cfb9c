// `npm start`: build what is missing or stale (decision record 0005), then run the server (it
// migrates, seeds the demo organisation on first start, and prints its URL).
//
// With NODE_ENV=production it never builds: the installation may be shared by several replicas
// and read-only, and lacks the dev dependencies a build needs. It runs what `npm run build`
// made, or stops with one line saying to build first (decision record 0054).
import './lib/node-version.mjs';
import { ensureBuilt, hasBuild } from './lib/builds.mjs';

process.setSourceMapsEnabled(true);
if (process.env.NODE_ENV === 'production') {
  if (!hasBuild('web') || !hasBuild('server')) {
    console.error('Staff Portal is not built: run `npm run build` before starting it with NODE_ENV=production.');
    process.exit(1);
  }
} else {
  ensureBuilt('web');
  ensureBuilt('server');
}
await import('../apps/server/dist/server.mjs');
