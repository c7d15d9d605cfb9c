import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams, useTextParam } from './use-list-params';

type Change = ReturnType<typeof useListParams>['change'];

/** A list page over `/list`: the address, a search box over `q`, and the `change` it hands out. */
function renderAt(url: string) {
  const handle: { change?: Change } = {};
  function Page() {
    const { params, change, page } = useListParams();
    handle.change = change;
    const [q, setQ] = useTextParam(params, 'q', change);
    const location = useLocation();
    return (
      <>
        <output aria-label="address">{location.search}</output>
        <output aria-label="page">{page}</output>
        <input aria-label="Search" value={q} onChange={(event) => setQ(event.target.value)} />
      </>
    );
  }
  const router = createMemoryRouter([{ path: '/list', element: <Page /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { handle, router };
}

const address = () => screen.getByRole('status', { name: 'address' }).textContent;

describe('useListParams', () => {
  it('goes back to the first page on any change but a page turn, and keeps what it does not change', async () => {
    const { handle } = renderAt('/list?q=tan&page=3&account=abc');
    expect(screen.getByRole('status', { name: 'page' })).toHaveTextContent('3');
    await act(async () => handle.change!({ status: 'CONFIRMED' }));
    expect(address()).toBe('?q=tan&account=abc&status=CONFIRMED');
    await act(async () => handle.change!({ page: '4' }));
    expect(address()).toBe('?q=tan&account=abc&status=CONFIRMED&page=4');
    // Empty values and the first page leave the URL.
    await act(async () => handle.change!({ status: '', page: '1' }));
    expect(address()).toBe('?q=tan&account=abc');
  });

  it('reads a page it cannot use as the first', () => {
    renderAt('/list?page=-2');
    expect(screen.getByRole('status', { name: 'page' })).toHaveTextContent('1');
  });

  it('writes a search box to the URL as it is typed, replacing the address, and follows Back', async () => {
    const { router } = renderAt('/list?q=lim');
    const box = screen.getByRole('textbox', { name: 'Search' });
    expect(box).toHaveValue('lim');
    await userEvent.clear(box);
    await userEvent.type(box, 'wong ', { delay: null });
    // What is typed stays in the box (the trailing space too); the URL has it trimmed.
    expect(box).toHaveValue('wong ');
    expect(address()).toBe('?q=wong');
    // Typing replaced the entry it started on: Back leaves the list.
    expect(router.state.historyAction).toBe('REPLACE');

    await act(async () => router.navigate('/list?q=siti'));
    expect(box).toHaveValue('siti');
  });
});
