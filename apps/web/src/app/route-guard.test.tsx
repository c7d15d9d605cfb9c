import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testAuth, testUser } from '../test/auth';
import { renderApp } from '../test/render-app';

// Pages are lazily loaded; the first import of a page's module can take seconds on a busy machine.
const heading = () => screen.findByRole('heading', { level: 1 });

describe('RouteGuard', () => {
  it('shows the page to a user in one of its groups', async () => {
    const { pathname } = renderApp(['/shared/hr-services/leave/approval'], testAuth(testUser({ department: ['HR'] })));

    expect(await heading()).toHaveTextContent('Leave Approval');
    expect(pathname()).toBe('/shared/hr-services/leave/approval');
  });

  it('shows unguarded pages to every signed-in user', async () => {
    const { pathname } = renderApp(['/team-space'], testAuth(testUser({ department: ['CLUB'] })));

    expect(await heading()).toHaveTextContent('Team Space');
    expect(pathname()).toBe('/team-space');
  });

  it.each([
    // [department, forbidden path]
    [['HR'], '/announcements'],
    [['HR'], '/shared/industrial-relations/member-lookup'],
    [['HR'], '/it-admin'],
    [['IR'], '/shared/hr-services/leave'],
    [['HRAdmin'], '/it-admin'],
    [['CLUB'], '/shared'],
    [['UNION'], '/shared/access-control'],
  ])('sends %j from %s to /unauthorized', async (department, path) => {
    const { pathname } = renderApp([path], testAuth(testUser({ department })));

    expect(await heading()).toHaveTextContent('Unauthorized');
    expect(pathname()).toBe('/unauthorized');
  });

  it('lets the configured super-admin user id through every guard', async () => {
    const user = testUser({ id: 'the-super-admin', department: [] });
    const { pathname } = renderApp(['/it-admin'], testAuth(user, { superAdminUserId: 'the-super-admin' }));

    expect(await heading()).toHaveTextContent('IT Admin');
    expect(pathname()).toBe('/it-admin');
  });

  it('pushes /unauthorized, so its Go Back returns to the page before the refused one', async () => {
    const user = userEvent.setup();
    // Home first: with a replaced entry, two steps back would land there instead.
    const { pathname } = renderApp(['/', '/team-space', '/announcements'], testAuth(testUser({ department: ['HR'] })));
    expect(await heading()).toHaveTextContent('Unauthorized');

    await user.click(screen.getByRole('button', { name: 'Go Back' }));

    await waitFor(() => {
      expect(pathname()).toBe('/team-space');
    });
    expect(await heading()).toHaveTextContent('Team Space');
  });

  it('shows a labelled spinner, and no page, while the user loads', async () => {
    const { pathname } = renderApp(['/announcements'], testAuth(null));

    expect(await screen.findByRole('progressbar', { name: 'Checking your access…' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(pathname()).toBe('/announcements');
  });

  it('sends a user whose password expired to the change-password page, from any route', async () => {
    const expired = testAuth(testUser({ department: ['HR'], passwordExpired: true }));
    for (const path of ['/', '/shared/hr-services/leave', '/announcements', '/unauthorized', '/no/such/page']) {
      const { pathname, view } = renderApp([path], expired);
      await waitFor(() => {
        expect(pathname()).toBe('/profile/reset-password');
      });
      view.unmount();
    }
  });

  it('replaces the entry when redirecting an expired password, so Back does not return to it', async () => {
    const expired = testAuth(testUser({ passwordExpired: true }));
    const { router, pathname } = renderApp(['/team-space', '/shared'], expired);
    await waitFor(() => {
      expect(pathname()).toBe('/profile/reset-password');
    });

    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));

    await act(() => router.navigate(-1));
    await waitFor(() => {
      expect(pathname()).toBe('/profile/reset-password');
    });
    // One step back is the page before the refused one (a pushed redirect would give /shared),
    // and its guard sends the user straight back.
    expect(visited).toEqual(['/team-space', '/profile/reset-password']);
  });

  it('leaves a user with an expired password on the change-password page', async () => {
    const { pathname } = renderApp(['/profile/reset-password'], testAuth(testUser({ passwordExpired: true })));

    expect(await heading()).toHaveTextContent('Change Password');
    expect(pathname()).toBe('/profile/reset-password');
  });
});
