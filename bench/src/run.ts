// `npm run bench`: for each engine (PGlite always; PostgreSQL when one answers), start the
// server on a fresh database, load the demo size, and measure each endpoint with autocannon;
// SRP sign-ins (two requests and client-side arithmetic each) with concurrent client loops.
// Usage: npm run bench -- [--size small|large] [--duration 10] [--connections 50] [--sign-in-loops 10]
//                         [--sign-ins-per-second 3]
//                         [--engine pglite|postgres] [--bundle-only] [--pages-only] [--page-runs 5]
//                         [--screens my-leaves,approval,staff-record] [--trace DIR] [--auth-only]
//                         [--start-only] [--start-runs 3] [--scenarios leave,ir]
// `--auth-only` measures just what authentication costs: /healthz, /api/me, SRP sign-ins (paced:
// one after another, a few a second, by the real Amplify client with its device confirmation; and
// saturating, with /healthz asked beside them) and refreshes, without the browser rows or the
// other endpoints.
// Every row reports the server process's own CPU time per request (process.cpuUsage(), asked over
// IPC before and after the row), since the load generator shares the machine's cores. Where the
// SRP rows ran, the cryptography of a sign-in and a refresh is also timed alone (crypto-floor.ts):
// the floor those rows' server CPU cannot go below.
// Each row is measured saturating: every connection sends its next request as soon as the last is
// answered. The leave rows are measured a second time as users load a server: each of the 50
// users one request about every second, at random moments (about 50 requests/s in all); the
// approval queue once more while a decision is made every second, which empties the read cache.
// First, always: the sign-in route's JavaScript against its budget (the run fails over it). Then
// (unless --bundle-only, --pages-only or --auth-only; alone with --start-only) `npm start` on fresh
// copies of the checkout: the first start and a restart against their budgets (first-start.ts). Then,
// per engine before the API rows, the leave screens in a browser: time to data, cold and in-app,
// and the bytes of a cold load (`--pages-only` measures just those, on the first engine).
// `--screens` names the screens to load (all three unless given); `--trace DIR` also writes a
// Chromium trace with JavaScript samples of each measured cold load (on this machine's network)
// and in-app navigation into DIR, to open in Chrome DevTools' Performance panel. Tracing slows
// the page down: compare traced runs only with traced runs.
// The API rows are the scenarios of scenarios/, one file per module, measured in the order below.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measureCryptoFloor } from './crypto-floor';
import { benchEngine, postgresAvailable } from './engine';
import { FIRST_START_BUDGET_MS, measureStarts, RESTART_BUDGET_MS } from './first-start';
import { sizes, type Size } from './generate';
import type { Row } from './measure';
import { SCREEN_NAMES, type ScreenReport } from './page-load';
import { printPageTables, printRowTable } from './report';
import { accessControl } from './scenarios/access-control';
import { health } from './scenarios/health';
import { home } from './scenarios/home';
import { authentication, signIns } from './scenarios/identity';
import { ir } from './scenarios/ir';
import { itAdmin } from './scenarios/it-admin';
import { leave, leaveDecisions } from './scenarios/leave';
import { log } from './scenarios/log';
import { me } from './scenarios/me';
import { posts } from './scenarios/posts';
import { runtimeConfig } from './scenarios/runtime-config';
import type { Scenario } from './scenarios/scenario';
import { staffMovement } from './scenarios/staff-movement';
import { staffRecords } from './scenarios/staff-records';
import { measureSignInBundle, SIGN_IN_JS_BUDGET_KB } from './sign-in-bundle';

/** Every module's rows, in the order they are measured and printed. */
const SCENARIOS: Scenario[] = [
  health,
  runtimeConfig,
  log,
  me,
  leave,
  staffMovement,
  staffRecords,
  accessControl,
  itAdmin,
  ir,
  posts,
  home,
  leaveDecisions,
  signIns,
];
/** `--auth-only`: what authentication costs, beside what the server costs at all. */
const AUTH_ONLY_SCENARIOS: Scenario[] = [authentication];

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: 'large' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'sign-in-loops': { type: 'string', default: '10' },
    'sign-ins-per-second': { type: 'string', default: '3' },
    engine: { type: 'string', multiple: true },
    'bundle-only': { type: 'boolean', default: false },
    'start-only': { type: 'boolean', default: false },
    'start-runs': { type: 'string', default: '3' },
    'pages-only': { type: 'boolean', default: false },
    'page-runs': { type: 'string', default: '5' },
    screens: { type: 'string' },
    scenarios: { type: 'string' },
    trace: { type: 'string' },
    'auth-only': { type: 'boolean', default: false },
    'postgres-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
  },
});
if (!(args.size in sizes)) throw new Error(`--size must be one of ${Object.keys(sizes).join(', ')}`);
const size = args.size as Size;
const duration = Number(args.duration);
const connections = Number(args.connections);
const signInLoops = Number(args['sign-in-loops']);
const signInsPerSecond = Number(args['sign-ins-per-second']);
const pageRuns = Number(args['page-runs']);
const screenNames = args.screens?.split(',').map((name) => name.trim());
const unknownScreen = screenNames?.find((name) => !(SCREEN_NAMES as readonly string[]).includes(name));
if (unknownScreen !== undefined)
  throw new Error(`--screens: no screen ${unknownScreen}; they are ${SCREEN_NAMES.join(', ')}`);
// `--scenarios` measures only the named modules' API rows (scenarios/<module>.ts), in their usual order.
const scenarioNames = args.scenarios?.split(',').map((name) => name.trim());
const unknownScenario = scenarioNames?.find((name) => !SCENARIOS.some((scenario) => scenario.name === name));
if (unknownScenario !== undefined)
  throw new Error(`--scenarios: no scenario ${unknownScenario}; they are ${SCENARIOS.map((s) => s.name).join(', ')}`);
const chosenScenarios =
  scenarioNames === undefined ? SCENARIOS : SCENARIOS.filter((scenario) => scenarioNames.includes(scenario.name));
const traceDir = args.trace === undefined ? undefined : path.resolve(args.trace);
const port = 3900 + Math.floor(Math.random() * 90);
// By address, not `localhost`: Chromium tries ::1 first, and here a fresh browser context's first
// connection waited half a second before falling back, which is no part of the app's load time.
const url = `http://127.0.0.1:${port}`;

const bundle = await measureSignInBundle(port);
console.log('\n| sign-in route script | gzip KB |\n|---|---:|');
for (const script of bundle.scripts) console.log(`| ${script.name} | ${script.gzipKb.toFixed(1)} |`);
const withinBudget = bundle.totalGzipKb <= SIGN_IN_JS_BUDGET_KB;
console.log(
  `\nsign-in route JS: ${bundle.totalGzipKb.toFixed(1)} KB gzip in ${bundle.scripts.length} scripts ` +
    `(budget ${SIGN_IN_JS_BUDGET_KB} KB): ${withinBudget ? 'within' : 'OVER'} budget\n`,
);
if (!withinBudget) process.exitCode = 1;

if (args['start-only'] || !(args['bundle-only'] || args['pages-only'] || args['auth-only'])) {
  const runs = Number(args['start-runs']);
  console.log(`\nnpm start on ${runs} fresh copies of the checkout, and again on what each left...`);
  const starts = await measureStarts({ runs, port, log: (line) => console.log(line) });
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const first = median(starts.map((start) => start.firstMs));
  const restart = median(starts.map((start) => start.restartMs));
  const startsWithin = first <= FIRST_START_BUDGET_MS && restart <= RESTART_BUDGET_MS;
  console.log(
    `\nnpm start, median of ${runs}: ready ${(first / 1000).toFixed(1)} s after the first start on a fresh clone ` +
      `(budget ${FIRST_START_BUDGET_MS / 1000} s: building, migrating, seeding), ${(restart / 1000).toFixed(1)} s after ` +
      `a restart (budget ${RESTART_BUDGET_MS / 1000} s): ${startsWithin ? 'within' : 'OVER'} budget\n`,
  );
  if (!startsWithin) process.exitCode = 1;
}

const chosenEngines = (args.engine as ('pglite' | 'postgres')[] | undefined) ?? ['pglite', 'postgres'];
const engines =
  args['bundle-only'] || args['start-only'] ? [] : args['pages-only'] ? chosenEngines.slice(0, 1) : chosenEngines;
const rows: Row[] = [];
/** The browser rows' tables, per engine. */
const pageTables: { engine: string; reports: ScreenReport[] }[] = [];
/** What the client spent on SRP arithmetic per sign-in (kept out of the latencies). */
const clientNotes: string[] = [];
for (const engine of engines) {
  if (engine === 'postgres' && !(await postgresAvailable(args['postgres-url']))) {
    console.log(`[postgres] no PostgreSQL answers at ${args['postgres-url']}: skipped (set BENCH_DATABASE_URL)`);
    continue;
  }
  const result = await benchEngine(
    engine,
    {
      size,
      duration,
      connections,
      signInLoops,
      signInsPerSecond,
      pageRuns,
      screenNames,
      traceDir,
      port,
      url,
      postgresUrl: args['postgres-url'],
      authOnly: args['auth-only'],
      pagesOnly: args['pages-only'],
    },
    args['auth-only'] ? AUTH_ONLY_SCENARIOS : chosenScenarios,
  );
  if (result.pages) pageTables.push({ engine, reports: result.pages });
  rows.push(...result.rows);
  clientNotes.push(...result.notes);
}

printPageTables(pageTables, size, pageRuns);
if (rows.length === 0) process.exit();
printRowTable(rows, clientNotes, { size, connections, duration, signInLoops, signInsPerSecond });
if (rows.some((row) => row.endpoint.includes('(SRP sign-in)'))) {
  // What the SRP and refresh rows' server CPU cannot go below (decision record 0068): the cryptography alone.
  const floor = await measureCryptoFloor();
  const signIn = floor.handshakeMs + floor.proofMs + floor.tokensMs;
  console.log(
    `\ncryptography alone, in this process (the floor under server CPU ms): an SRP sign-in ${signIn.toFixed(2)} ms ` +
      `(B = k·v + g^b ${floor.handshakeMs.toFixed(2)}, S = (A·v^u)^b and the proof ${floor.proofMs.toFixed(2)}, ` +
      `two RS256 tokens ${floor.tokensMs.toFixed(2)}); a refresh (two RS256 tokens) ${floor.tokensMs.toFixed(2)} ms.`,
  );
}
