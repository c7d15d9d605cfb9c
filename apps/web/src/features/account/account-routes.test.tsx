import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testAuth, testUser } from '../../test/auth';
import { renderApp } from '../../test/render-app';

// Which page each account route shows is the router test's; this is the docs/product/specification.md §4 flow through
// the real guard into the real page.
describe('account routes', () => {
  it('a user whose password has expired lands on the change-password page, told why', async () => {
    const { pathname } = renderApp(
      ['/team-space'],
      testAuth(testUser({ passwordExpired: true, passwordExpiry: '2025-01-01T00:00:00.000Z' })),
    );
    // The change-password page's chunk brings Amplify's auth client: slow to import on a busy machine.
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Change Password');
    expect(pathname()).toBe('/profile/reset-password');
    expect(screen.getByText('Your password has expired. Change it to continue using the portal.')).toBeInTheDocument();
    expect(screen.getByTestId('password-expiry')).toHaveTextContent('Your password expired on 01 Jul 2025, 8.00am');
  });
});
