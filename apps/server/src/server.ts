import { startServer } from './start-server';

// `node apps/server/dist/server.mjs`: the server as `npm start` runs it (scripts/start.mjs calls
// startServer itself, to hand it a web build still being made).
startServer().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
