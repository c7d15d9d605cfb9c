import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testRuntimeConfig } from '../test/fixtures';
import { AppProvider } from './provider';

function clientOf() {
  let client: QueryClient | undefined;
  function Probe() {
    client = useQueryClient();
    return null;
  }
  const view = render(
    <AppProvider config={testRuntimeConfig}>
      <Probe />
    </AppProvider>,
  );
  return { client: client!, unmount: () => view.unmount() };
}

describe('the signed-in session’s query client', () => {
  it('is one for the session, however often React renders the app before showing it', () => {
    const first = clientOf();
    first.client.setQueryData(['leave', 'types'], ['kept']);
    // A render while the first has not gone: the same cache, with what the loaders put in it.
    const second = clientOf();
    expect(second.client).toBe(first.client);
    expect(second.client.getQueryData(['leave', 'types'])).toEqual(['kept']);
    second.unmount();
    first.unmount();
  });

  it('is new, and empty, for the next sign-in once the last session’s app is gone', () => {
    const last = clientOf();
    last.client.setQueryData(['leave', 'me'], { staffId: 'someone else' });
    last.unmount();
    expect(last.client.getQueryData(['leave', 'me'])).toBeUndefined();

    const next = clientOf();
    expect(next.client).not.toBe(last.client);
    expect(next.client.getQueryData(['leave', 'me'])).toBeUndefined();
    next.unmount();
  });
});
