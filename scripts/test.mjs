// `npm test`: lint, formatting, types, unit + API + component tests, and the browser tests
// against the real built server. Ends with the phases' times, the slowest test files and one
// summary line, "N passed, N failed".
//
// Three lanes run at once, because no one of them keeps both cores busy on its own
// (CONTRIBUTING.md §5.6; decision record 0085):
// - the static checks: lint, formatting, then the type check of each workspace;
// - the unit, API and component tests;
// - the builds of the web app and the server, then the browser tests.
// Each step's output is kept and printed when the step ends (in full when it failed), so the
// lanes' lines never interleave.
import './lib/node-version.mjs';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuiltInBackground, root } from './lib/builds.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const bin = (name) => path.join(root, 'node_modules/.bin', name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-test-reports-'));
const started = Date.now();
/** Every step: its title, lane, how long it took and whether it passed. */
const steps = [];

const clock = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** Seconds of a `times` line ("1m2.500s 0m0.250s"): user and system time added. */
const timesSeconds = (line) =>
  (line ?? '')
    .trim()
    .split(/\s+/)
    .map((part) => /^(\d+)m([\d.]+)s$/.exec(part))
    .reduce((sum, match) => sum + (match ? Number(match[1]) * 60 + Number(match[2]) : 0), 0);

/**
 * Runs one command to its end, its output kept; prints a line when it ends, and the output if it
 * failed. The command runs under bash, whose `times` then says the CPU time of the command and
 * every process it waited for (the workers, the browser, the server under test): what the step
 * costs the machine, beside the wall time it took while sharing it with the other lanes.
 */
function step(lane, title, command, args, { env = {}, quietOutput = false } = {}) {
  const at = Date.now();
  const timesFile = path.join(reports, `times-${steps.length}-${Math.random().toString(36).slice(2)}`);
  console.log(`▶ ${title}`);
  return new Promise((resolve) => {
    const child = spawn(
      'bash',
      ['-c', '"$@"; status=$?; times > "$SP_STEP_TIMES"; exit $status', 'step', command, ...args],
      {
        cwd: root,
        env: { ...process.env, ...env, SP_STEP_TIMES: timesFile },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.once('error', (error) => output.push(Buffer.from(String(error))));
    child.once('close', (status) => {
      const ok = status === 0;
      const ms = Date.now() - at;
      const times = fs.existsSync(timesFile) ? fs.readFileSync(timesFile, 'utf8').split('\n') : [];
      steps.push({ lane, title, ms, ok, cpuMs: timesSeconds(times[1]) * 1000 });
      const text = Buffer.concat(output).toString();
      if (!ok || !quietOutput) process.stdout.write(text.endsWith('\n') || text === '' ? text : `${text}\n`);
      console.log(`${ok ? '✔' : '✘'} ${title} (${clock(ms)}${ok ? '' : `, exit ${status}`})`);
      resolve(ok);
    });
  });
}

/** A Vitest run whose counts and file times the timings reporter writes for the summary. */
function vitest(lane, title, args, report) {
  const file = path.join(reports, report);
  return step(
    lane,
    title,
    bin('vitest'),
    ['run', ...args, '--reporter=default', `--reporter=${path.join(root, 'scripts/lib/timings-reporter.mjs')}`],
    { env: { SP_TEST_TIMINGS: file } },
  ).then(() => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null));
}

async function staticChecks() {
  await step('static', 'lint', bin('eslint'), ['--max-warnings=0', '.'], { quietOutput: true });
  await step('static', 'formatting', bin('prettier'), ['--check', '--log-level=warn', '.'], { quietOutput: true });
  for (const project of ['packages/shared', 'packages/identity', 'apps/server', 'apps/web', 'e2e', 'bench']) {
    await step('static', `types: ${project}`, bin('tsc'), ['-p', project], { quietOutput: true });
  }
}

async function browserTests() {
  const at = Date.now();
  let built = true;
  try {
    await Promise.all([ensureBuiltInBackground('web'), ensureBuiltInBackground('server')]);
  } catch (error) {
    console.log(String(error));
    built = false;
  }
  steps.push({ lane: 'browser', title: 'build the web app and the server', ms: Date.now() - at, ok: built });
  if (!built) return null;
  return vitest('browser', 'browser tests', ['--config', 'e2e/vitest.config.ts'], 'e2e.json');
}

ensureChromium();
const [, unit, browser] = await Promise.all([
  staticChecks(),
  vitest('unit', 'unit, API and component tests', [], 'unit.json'),
  browserTests(),
]);
fs.rmSync(reports, { recursive: true, force: true });

const runs = [unit, browser];
const totals = { passed: 0, failed: 0, skipped: 0 };
for (const run of runs.filter(Boolean)) for (const key of Object.keys(totals)) totals[key] += run[key];

// Wall time, and the CPU time of the step's processes that were waited for: a PostgreSQL server's
// own work is not in it, nor that of processes a browser leaves to the system as it closes (a
// browser test file used about a third more CPU, system-wide, than its line says; record 0103).
console.log('\nSteps (the three lanes ran at once; wall, then CPU):');
for (const { lane, title, ms, ok, cpuMs } of steps) {
  const cpu = cpuMs === undefined ? '' : clock(cpuMs);
  console.log(`  ${clock(ms).padStart(6)} ${cpu.padStart(6)}  ${ok ? ' ' : '✘'} ${lane.padEnd(7)} ${title}`);
}
const cpuAll = steps.reduce((sum, { cpuMs }) => sum + (cpuMs ?? 0), 0);
console.log(`  ${clock(Date.now() - started).padStart(6)} ${clock(cpuAll).padStart(6)}    all`);

const slowest = runs
  .filter(Boolean)
  .flatMap((run) => run.files)
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 15);
console.log('\nThe 15 slowest test files (wall time of each, imports included; CONTRIBUTING.md §5.6):');
for (const file of slowest) {
  console.log(
    `  ${(file.ms / 1000).toFixed(1).padStart(6)} s  ${String(file.tests).padStart(3)} tests  ${file.project.padEnd(15)} ${file.file}`,
  );
}

// The failed tests again at the end: a long run's output may be read from its tail only.
const failures = runs.filter(Boolean).flatMap((run) => run.failures ?? []);
if (failures.length > 0) {
  console.log('\nFailed tests:');
  for (const { file, test, error } of failures) console.log(`  ✘ ${file} > ${test}\n      ${error}`);
}

const failedSteps = steps.filter((s) => !s.ok).map((s) => s.title);
if (failedSteps.length > 0) console.log(`\nFailed: ${failedSteps.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedSteps.length > 0 ? 1 : 0);
