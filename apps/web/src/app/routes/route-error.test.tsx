import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { RouteErrorPage } from './route-error';

describe('RouteErrorPage', () => {
  it('replaces a page whose code could not be loaded, and logs why', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const router = createMemoryRouter([
      {
        path: '/',
        ErrorBoundary: RouteErrorPage,
        Component: () => {
          throw failure;
        },
      },
    ]);

    renderWithProviders(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Something Went Wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(consoleError).toHaveBeenCalledWith('Route error:', failure);
    consoleError.mockRestore();
  });
});
