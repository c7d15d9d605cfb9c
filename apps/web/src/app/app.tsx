import type { RuntimeConfigResult } from '../lib/runtime-config';
import { ConfigErrorPage } from './config-error-page';
import { AppProvider, ThemeRoot } from './provider';
import { AppRouter } from './router';

/** The whole app once the runtime config is known: the router, or the configuration error. */
export function App({ configResult }: { configResult: RuntimeConfigResult }) {
  if (!configResult.ok) {
    return (
      <ThemeRoot>
        <ConfigErrorPage />
      </ThemeRoot>
    );
  }
  return (
    <AppProvider config={configResult.config}>
      <AppRouter />
    </AppProvider>
  );
}
