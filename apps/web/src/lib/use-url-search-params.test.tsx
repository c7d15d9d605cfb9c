import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlSearchParams } from './use-url-search-params';

type Setter = ReturnType<typeof useUrlSearchParams>[1];

/** Two components over one address, as a page and its list are; each hands out its setter. */
function renderAt(url: string) {
  const setters: { page?: Setter; list?: Setter } = {};
  function List() {
    setters.list = useUrlSearchParams()[1];
    return null;
  }
  function Page() {
    const [params, setParams] = useUrlSearchParams();
    setters.page = setParams;
    const location = useLocation();
    return (
      <>
        <output aria-label="address">{`${location.pathname}${location.search}`}</output>
        <output aria-label="department">{params.get('department') ?? ''}</output>
        <List />
      </>
    );
  }
  const router = createMemoryRouter([{ path: '/team-space', element: <Page /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { setters, router };
}

const address = () => screen.getByRole('status', { name: 'address' }).textContent;
const withParam = (name: string, value: string) => (latest: URLSearchParams) => {
  const next = new URLSearchParams(latest);
  next.set(name, value);
  return next;
};

describe('useUrlSearchParams', () => {
  it('keeps a change made before the one before it was on screen', async () => {
    const { setters } = renderAt('/team-space?page=2');
    // Both with the setter of one render, as a picked department and a name typed at once are when
    // the router's transition has not rendered yet (React Router's own setter lost the first).
    const set = setters.page!;
    await act(async () => {
      set(withParam('department', 'IRAdmin'));
      set(withParam('search', 'iradmin@'));
    });
    expect(address()).toBe('/team-space?page=2&department=IRAdmin&search=iradmin%40');
    expect(screen.getByRole('status', { name: 'department' })).toHaveTextContent('IRAdmin');
  });

  it('lets two components over one address build on each other’s changes', async () => {
    const { setters } = renderAt('/team-space');
    await act(async () => {
      setters.page!(withParam('account', 'lim'));
      setters.list!(withParam('department', 'IR'));
    });
    expect(address()).toBe('/team-space?account=lim&department=IR');
  });

  it('starts from the address once it is on screen, also after Back', async () => {
    const { setters, router } = renderAt('/team-space');
    await act(async () => setters.page!(withParam('department', 'HR')));
    await act(async () => setters.page!(withParam('department', 'IR')));
    expect(address()).toBe('/team-space?department=IR');
    await act(async () => router.navigate(-1));
    expect(address()).toBe('/team-space?department=HR');
    await act(async () => setters.page!(withParam('search', 'tan')));
    expect(address()).toBe('/team-space?department=HR&search=tan');
  });

  it('replaces every parameter when given values outright, and can replace the history entry', async () => {
    const { setters, router } = renderAt('/team-space?department=HR&page=3');
    expect(router.state.historyAction).toBe('POP');
    await act(async () => setters.page!({ tab: 'types' }, { replace: true }));
    expect(address()).toBe('/team-space?tab=types');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
