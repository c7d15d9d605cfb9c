import type { RuntimeConfig } from '@staff-portal/shared/runtime-config';
import { render } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { AppProvider } from '../app/provider';
import type { TokenProvider } from '../lib/api-client';
import { testRuntimeConfig } from './fixtures';

interface ProviderOptions {
  config?: RuntimeConfig;
  getToken?: TokenProvider;
}

/** Renders inside the app's real providers (theme, config, notification, query client). */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions & Omit<RenderOptions, 'wrapper'> = {}) {
  const { config = testRuntimeConfig, getToken, ...renderOptions } = options;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProvider config={config} {...(getToken === undefined ? {} : { getToken })}>
      {children}
    </AppProvider>
  );
  return render(ui, { wrapper, ...renderOptions });
}
