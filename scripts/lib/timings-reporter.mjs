// A Vitest reporter for `npm test` (scripts/test.mjs): writes, to the file named by
// SP_TEST_TIMINGS, how many tests passed, failed and were skipped, and how long each test file
// took (its environment, set-up, imports and tests) in which project. `npm test` prints the
// slowest files from it, so that a file that grows slow is seen where it is run every day, and
// the failed tests with their first error line, so that the end of the output names them.
import fs from 'node:fs';
import path from 'node:path';

export default class TimingsReporter {
  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  onTestRunEnd(testModules) {
    const file = process.env.SP_TEST_TIMINGS;
    if (!file) return;
    const totals = { passed: 0, failed: 0, skipped: 0 };
    /** Each failed test (or a file that failed outside its tests): where, and its first error line. */
    const failures = [];
    const firstLine = (errors) =>
      String(errors?.[0]?.message ?? 'failed')
        .split('\n')[0]
        .slice(0, 200);
    const files = testModules.map((module) => {
      let tests = 0;
      let failedTests = 0;
      for (const test of module.children.allTests()) {
        tests++;
        const state = test.result().state;
        if (state === 'passed') totals.passed++;
        else if (state === 'failed') {
          failedTests++;
          failures.push({ file: module.moduleId, test: test.fullName, error: firstLine(test.result().errors) });
        } else totals.skipped++;
      }
      // A file that failed outside its tests (it would not import, a hook threw) counts as one.
      totals.failed += failedTests > 0 || module.state() !== 'failed' ? failedTests : 1;
      if (failedTests === 0 && module.state() === 'failed')
        failures.push({ file: module.moduleId, test: '(the file)', error: firstLine(module.errors()) });
      const d = module.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      return {
        project: module.project.name,
        file: path.relative(process.cwd(), module.moduleId),
        ms: Math.round(ms),
        importMs: Math.round(d.collectDuration),
        tests,
        failed: module.state() === 'failed',
      };
    });
    for (const failure of failures) failure.file = path.relative(process.cwd(), failure.file);
    fs.writeFileSync(file, JSON.stringify({ ...totals, files, failures }));
  }
}
