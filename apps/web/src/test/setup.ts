import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
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
