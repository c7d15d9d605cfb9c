import { act, screen } from '@testing-library/react';
import { signOut as amplifySignOut } from 'aws-amplify/auth';
import type * as AmplifyAuth from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureAmplify } from '../../lib/amplify';
import { testRuntimeConfig } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { Gate } from './gate';

// Only sign-out is replaced, to see that the gate asks for it; the widget itself is Amplify's,
// with nobody signed in. Token refreshes against the real service are exercised end to end.
vi.mock('aws-amplify/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AmplifyAuth>()),
  signOut: vi.fn(() => Promise.resolve()),
}));

const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

function refreshFailed(name: string) {
  act(() => {
    // The channel is Amplify's own; it warns about outside dispatches, which is what a test is.
    vi.spyOn(console, 'warn').mockImplementationOnce(() => undefined);
    Hub.dispatch('auth', { event: 'tokenRefresh_failure', data: { error: Object.assign(new Error(name), { name }) } });
  });
}

beforeAll(() => {
  configureAmplify(testRuntimeConfig);
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('Gate', () => {
  it('shows only the sign-in widget to a visitor, without sign-up', async () => {
    renderWithProviders(
      <Gate>
        <p>the application</p>
      </Gate>,
    );
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Staff Portal' })).toBeInTheDocument();
    expect(screen.queryByText('the application')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Create Account' })).not.toBeInTheDocument();
  });

  it('warns once that the session has expired and signs out when a token refresh is refused', async () => {
    renderWithProviders(
      <Gate>
        <p>the application</p>
      </Gate>,
    );
    await screen.findByRole('button', { name: 'Sign in' });

    refreshFailed('NotAuthorizedException');
    refreshFailed('NotAuthorizedException');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SESSION_EXPIRED);
    // Seed §8: a warning, not an error.
    expect(alert.className).toMatch(/Warning/i);
    expect(amplifySignOut).toHaveBeenCalledOnce();
  });

  it('keeps the user signed in when a refresh failed only for want of a network', async () => {
    renderWithProviders(
      <Gate>
        <p>the application</p>
      </Gate>,
    );
    await screen.findByRole('button', { name: 'Sign in' });

    refreshFailed('NetworkError');

    expect(screen.queryByText(SESSION_EXPIRED)).not.toBeInTheDocument();
    expect(amplifySignOut).not.toHaveBeenCalled();
  });
});
