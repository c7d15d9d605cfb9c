import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import { App } from '../app/app';
import { jsonResponse, testRuntimeConfig } from '../test/fixtures';
import { configureAmplify } from './amplify';
import { loadRuntimeConfig, RUNTIME_CONFIG_URL } from './runtime-config';

const withAuth = (auth: Partial<typeof testRuntimeConfig.auth>) => ({
  ...testRuntimeConfig,
  auth: { ...testRuntimeConfig.auth, ...auth },
});

describe('loadRuntimeConfig', () => {
  let consoleError: MockInstance<typeof console.error>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    consoleError.mockRestore();
  });

  it('fetches /config.json and returns the validated config', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(testRuntimeConfig)));

    await expect(loadRuntimeConfig(fetchMock)).resolves.toEqual({ ok: true, config: testRuntimeConfig });
    expect(fetchMock).toHaveBeenCalledExactlyOnceWith(RUNTIME_CONFIG_URL, expect.anything());
    expect(RUNTIME_CONFIG_URL).toBe('/config.json');
    expect(consoleError).not.toHaveBeenCalled();
  });

  it.each([
    ['the request fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server answers 404', () => Promise.resolve(new Response('Not Found', { status: 404 }))],
    ['the answer is not JSON', () => Promise.resolve(new Response('<!doctype html>', { status: 200 }))],
    ['the answer has the wrong shape', () => Promise.resolve(jsonResponse({ auth: {} }))],
    ['the user pool id is empty', () => Promise.resolve(jsonResponse(withAuth({ userPoolId: '' })))],
    ['the client id is empty', () => Promise.resolve(jsonResponse(withAuth({ userPoolClientId: ' ' })))],
    [
      'the user pool id has no underscore',
      () => Promise.resolve(jsonResponse(withAuth({ userPoolId: 'staffportal' }))),
    ],
  ])('fails and logs the details to the console when %s', async (_case, fetchImpl) => {
    const result = await loadRuntimeConfig(fetchImpl);

    expect(result.ok).toBe(false);
    expect(consoleError).toHaveBeenCalled();
    expect(String(consoleError.mock.calls[0]?.[0])).toMatch(/^Configuration error: /);
  });
});

describe('App', () => {
  it("shows the seed's configuration error when the config could not be loaded", async () => {
    render(<App configResult={{ ok: false, reason: '/config.json answered HTTP 404' }} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Configuration Error' })).toBeInTheDocument();
    // Note the en dash.
    expect(
      screen.getByText('Configuration error (see console) \u2013 please contact the administrator'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go Back' })).not.toBeInTheDocument();
  });

  it('starts at the gate when the config is valid', async () => {
    configureAmplify(testRuntimeConfig);
    render(<App configResult={{ ok: true, config: testRuntimeConfig }} />);

    // Nobody is signed in: the sign-in widget, and nothing of the application behind it.
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Under Construction' })).not.toBeInTheDocument();
  });
});
