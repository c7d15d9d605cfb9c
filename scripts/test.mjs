// `npm test`: lint, formatting, types, unit + API + component tests, then the browser tests
// against the real server. Ends with one summary line, "N passed, N failed".
import './lib/node-version.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, root } from './lib/builds.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const bin = (name) => path.join(root, 'node_modules/.bin', name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];

function step(title, command, args) {
  console.log(`\n▶ ${title}`);
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (status !== 0) failedSteps.push(title);
  return status === 0;
}

function vitest(title, args, report) {
  const file = path.join(reports, report);
  step(title, bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  if (!fs.existsSync(file)) return;
  const result = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += result.numPassedTests;
  totals.failed += result.numFailedTests;
  totals.skipped += result.numPendingTests + result.numTodoTests;
}

step('lint', bin('eslint'), ['--max-warnings=0', '.']);
step('formatting', bin('prettier'), ['--check', '--log-level=warn', '.']);
for (const project of ['packages/shared', 'packages/identity', 'apps/server', 'apps/web', 'e2e', 'bench']) {
  step(`types: ${project}`, bin('tsc'), ['-p', project]);
}
vitest('unit, API and component tests', [], 'unit.json');

ensureChromium();
ensureBuilt('web');
ensureBuilt('server');
vitest('browser tests', ['--config', 'e2e/vitest.config.ts'], 'e2e.json');

fs.rmSync(reports, { recursive: true, force: true });
if (failedSteps.length > 0) console.log(`\nFailed: ${failedSteps.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedSteps.length > 0 ? 1 : 0);
