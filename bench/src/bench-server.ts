// The server exactly as `npm start` builds it, embedded identity service included, on the bench's
// database (users already created by run.ts); started by run.ts, which waits for 'ready'.
import { buildApp } from '@staff-portal/server/app';
import { loadConfig } from '@staff-portal/server/config';

const config = loadConfig();
const app = await buildApp(config, { logger: false });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
// The server's own CPU time (user + system, microseconds), asked for before and after each row:
// the load generator shares the machine's cores, so requests a second alone would mislead.
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});
await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.('ready');
