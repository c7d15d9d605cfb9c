import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '../../../test/render';

/** A page or panel inside the app's providers (theme, config, notification, query client). */
export function renderInApp(ui: ReactElement) {
  return renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>);
}
