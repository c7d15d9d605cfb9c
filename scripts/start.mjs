// `npm start`: build what is missing or stale, then run the server (it migrates, seeds the demo
// organisation on first start, and prints its URL).
import './lib/node-version.mjs';
import { ensureBuilt } from './lib/builds.mjs';

process.setSourceMapsEnabled(true);
ensureBuilt('web');
ensureBuilt('server');
await import('../apps/server/dist/server.mjs');
