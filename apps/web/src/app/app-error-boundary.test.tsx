import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testRuntimeConfig } from '../test/fixtures';
import { configureAmplify } from '../lib/amplify';
import { lazyWithPreload } from '../lib/lazy-component';
import { App } from './app';

// The sign-in widget's code fails to load: the network dropped between the page and its code.
const failure = vi.hoisted(
  () => new TypeError('Failed to fetch dynamically imported module: /assets/sign-in-widget.js'),
);
vi.mock('../features/auth/lazy-sign-in-widget', () => ({
  SignInWidget: lazyWithPreload(
    () => Promise.reject(failure),
    () => () => null,
  ),
}));

afterEach(() => vi.restoreAllMocks());

describe('AppErrorBoundary', () => {
  it('shows the failure page with Reload, not a blank page, when a part of the gate fails to load', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    configureAmplify(testRuntimeConfig);
    render(<App configResult={{ ok: true, config: testRuntimeConfig }} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Something Went Wrong' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'The portal could not be loaded. Please check your connection and reload the page, or contact your administrator if the problem persists.',
      ),
    ).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('App error:', failure);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
    // Nothing of the signed-in app: no way home but a reload.
    expect(screen.queryByRole('link', { name: 'Go to Home' })).not.toBeInTheDocument();
  });
});
