import { AppError } from '@staff-portal/shared/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryState } from '../components/query-state';
import { renderWithProviders } from '../test/render';
import { NETWORK_ERROR_CODE } from './api-client';
import { useListQuery } from './list-query';

/** A promise the test settles by hand: a request on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Settled before it is asked for (a later try), it is not an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

const networkError = () => new AppError(NETWORK_ERROR_CODE, 'Network error', { status: 0 });

function Cases({ status, fetchCases }: { status: string; fetchCases: (status: string) => Promise<string[]> }) {
  const cases = useListQuery({ queryKey: ['cases', status], queryFn: () => fetchCases(status) });
  return (
    <section aria-label="Search results" aria-busy={cases.isPlaceholderData}>
      <QueryState query={cases}>
        {(rows) => (
          <ul aria-label="Cases">
            {rows.map((row) => (
              <li key={row}>{row}</li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

describe('a list under a new filter', () => {
  it('keeps the earlier rows while the new ones load, and puts the error with Try again in their place once that fails', async () => {
    // Three tries (lib/query-client.ts), each settled by the test.
    const tries = [deferred<string[]>(), deferred<string[]>(), deferred<string[]>()];
    const [first, second, third] = tries;
    const fetchCases = vi.fn((status: string) =>
      status === 'closed' ? Promise.resolve(['CASE CLOSED: IR-0001']) : tries.shift()!.promise,
    );
    const { rerender } = renderWithProviders(<Cases status="closed" fetchCases={fetchCases} />);
    await screen.findByText('CASE CLOSED: IR-0001');

    rerender(<Cases status="pending" fetchCases={fetchCases} />);
    // Loading: the closed cases stay, faded, rather than a spinner.
    expect(screen.getByText('CASE CLOSED: IR-0001')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Search results' })).toHaveAttribute('aria-busy', 'true');

    // The request fails; it is tried again, but the closed cases go at once.
    first!.reject(networkError());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Network error');
    expect(alert).toHaveTextContent('Trying again…');
    expect(screen.queryByText('CASE CLOSED: IR-0001')).not.toBeInTheDocument();

    // The other tries fail too: Try again, which asks afresh, brings the pending cases.
    second!.reject(networkError());
    third!.reject(networkError());
    await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert')).not.toHaveTextContent('Trying again…');
    expect(screen.queryByText('CASE CLOSED: IR-0001')).not.toBeInTheDocument();
    fetchCases.mockImplementation(() => Promise.resolve(['PENDING: IR-0002']));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('PENDING: IR-0002');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.queryByText('CASE CLOSED: IR-0001')).not.toBeInTheDocument();
  });
});
