// The tables `npm run bench` ends with (run.ts): the leave screens' browser rows, then the API
// rows with what their columns mean and the notes the rows left.
import os from 'node:os';
import type { Size } from './generate';
import type { Row } from './measure';
import { COLD_BUDGET_MS, IN_APP_BUDGET_MS, pageLoadTable, type ScreenReport } from './page-load';

/** The browser rows' tables, per engine, when there are any, and what their columns mean. */
export function printPageTables(
  pageTables: { engine: string; reports: ScreenReport[] }[],
  size: Size,
  pageRuns: number,
) {
  if (pageTables.length === 0) return;
  console.log(`\n${size} demo size, leave screens in headless Chromium, medians of ${pageRuns} runs\n`);
  for (const { engine, reports } of pageTables) for (const line of pageLoadTable(reports, engine)) console.log(line);
  console.log(
    `\ncold: a fresh page load in an open browser window with a signed-in session and an empty HTTP cache, ` +
      `from navigation to the data ` +
      `on screen (budget ${COLD_BUDGET_MS} ms); in-app: from a click on the screen's link elsewhere in the app ` +
      `(budget ${IN_APP_BUDGET_MS} ms); in-app again: the same click after going back, the screen's code run ` +
      `once and its data cached. KB transferred: as the browser received it (compressed bodies and ` +
      `headers) until the network was idle, for the median cold load on this machine.`,
  );
}

/** The API rows' table, what its columns mean, and the notes. */
export function printRowTable(
  rows: Row[],
  notes: string[],
  run: { size: Size; connections: number; duration: number; signInLoops: number; signInsPerSecond: number },
) {
  const { size, connections, duration, signInLoops, signInsPerSecond } = run;
  const fmt = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(1));
  console.log(
    `\n${size} demo size, ${connections} connections, ${duration} s per endpoint, ${os.cpus().length} cores\n`,
  );
  console.log('| engine | endpoint | load | per second | p50 ms | p95 ms | p99 ms | errors | server CPU ms |');
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|');
  const cpu = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(n < 1 ? 3 : 2));
  for (const r of rows)
    console.log(
      `| ${r.engine} | ${r.endpoint} | ${r.load} | ${r.rps} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.errors} | ${cpu(r.cpuMs)} |`,
    );
  console.log(
    `\nper second: requests, except the SRP row: complete sign-ins (InitiateAuth USER_SRP_AUTH, then ` +
      `RespondToAuthChallenge PASSWORD_VERIFIER) by ${signInLoops} concurrent client loops; its latency is the sum ` +
      `of the two round trips, without the client's SRP arithmetic between them.`,
  );
  console.log(
    `load: saturating, each of the ${connections} connections sends its next request as soon as the last is ` +
      `answered (the server's capacity; latency is then ${connections} ÷ throughput); paced, ${connections} users ` +
      `each sending a request, reading the answer and waiting 0.5 to 1.5 s before the next (about one a second each); ` +
      `for sign-ins, paced is one client beginning ${signInsPerSecond} a second, sequential one client signing in ` +
      `again as soon as the last is done, and saturating ${signInLoops} such clients at once.`,
  );
  console.log(
    `budgets (docs/product/qualities.md §4), read against the paced rows (decision record 0022): p95 at most ` +
      `50 ms for list and search endpoints, at most 30 ms for GET /api/home.`,
  );
  console.log(
    `server CPU ms: the server process's own CPU time (user + system, process.cpuUsage()) over the row, per ` +
      `request (per complete sign-in on the SRP row); the load generator shares the cores, so this is the ` +
      `figure to compare between runs.`,
  );
  for (const note of notes) console.log(`- ${note}`);
}
