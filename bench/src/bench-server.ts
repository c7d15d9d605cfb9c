// The server exactly as `npm start` builds it, embedded identity service included, on the bench's
// database (users already created by engine.ts); started by engine.ts, which waits for 'ready'.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '@staff-portal/server/app';
import { loadConfig } from '@staff-portal/server/config';

const config = loadConfig();
const app = await buildApp(config, { logger: false });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
// Asked for by engine.ts, one message at a time. 'cpu': the server's own CPU time (user + system,
// microseconds), before and after each row: the load generator shares the machine's cores, so
// requests a second alone would mislead. 'loop-start' / 'loop-stop': how late the event loop came
// round, sampled every millisecond in between: the server's own share of a request's wait.
let loopDelay: ReturnType<typeof monitorEventLoopDelay> | undefined;
process.on('message', (message) => {
  if (message === 'cpu') {
    process.send?.({ cpu: process.cpuUsage() });
  } else if (message === 'loop-start') {
    loopDelay = monitorEventLoopDelay({ resolution: 1 });
    loopDelay.enable();
  } else if (message === 'loop-stop' && loopDelay) {
    loopDelay.disable();
    const ms = (ns: number) => ns / 1e6;
    process.send?.({
      loop: { p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)), max: ms(loopDelay.max) },
    });
    loopDelay = undefined;
  }
});
await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.('ready');
