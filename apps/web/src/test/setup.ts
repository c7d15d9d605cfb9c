import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
// Components read their texts through react-i18next; the app initialises it at start.
import '../lib/i18n';

// findBy* and waitFor wait for what a user would see appear, however busy the machine: pages are
// lazy chunks, which a two-core machine running other work beside the tests can take seconds to
// import. The limit only ends a test that would otherwise wait for ever (CONTRIBUTING.md §5).
configure({ asyncUtilTimeout: 30_000 });

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// A console.error during a test fails it, so that React's warnings (an update outside act, a
// missing key, an invalid prop) and errors a component swallowed are not lost in the output
// (CONTRIBUTING.md §5). A test that expects one says so with its own
// `vi.spyOn(console, 'error').mockImplementation(...)`, which takes this one's place.
const unexpectedErrors: string[] = [];
beforeEach(() => {
  unexpectedErrors.length = 0;
  const print = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpectedErrors.push(
      args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' '),
    );
    print(...args);
  });
});
afterEach(() => {
  if (unexpectedErrors.length > 0) {
    const first = unexpectedErrors[0]!.split('\n').slice(0, 8).join('\n');
    throw new Error(
      `console.error was called ${unexpectedErrors.length} time(s) during the test; the first:\n${first}`,
    );
  }
});
