import { startServer } from './start-server';

// `node apps/server/dist/server.mjs`: the server as `npm start` runs it (scripts/start.mjs calls
// startServer itself, to hand it a web build still being made).
startServer().catch((error: unknown) => {
  // A database it cannot open is said in one line (db/unreachable-database.ts).
  const unreachable = error instanceof Error && error.name === 'DatabaseUnreachable';
  console.error(unreachable ? `Staff Portal cannot start: ${error.message}` : error);
  process.exit(1);
});
