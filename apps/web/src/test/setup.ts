import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// Components read their texts through react-i18next; the app initialises it at start.
import '../lib/i18n';

// Pages are lazy chunks, and a busy two-core CI machine imports one in more than the default
// second: findBy* and waitFor wait up to 4 s for what a user would see appear.
configure({ asyncUtilTimeout: 4_000 });

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});
