import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { testAuth, testUser } from '../../test/auth';
import { renderApp } from '../../test/render-app';
import { setViewportWidth } from '../../test/viewport';

const DESKTOP = 1280;
const PHONE = 390;
const TABLET = 800;

beforeEach(() => {
  localStorage.clear();
});

const mainNav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const breadcrumb = () => screen.getByRole('navigation', { name: 'Breadcrumb' });

async function renderAt(width: number, entries: string[], auth = testAuth(testUser())) {
  setViewportWidth(width);
  const app = renderApp(entries, auth);
  await screen.findByRole('heading', { level: 1 });
  return app;
}

describe('AppLayout on a large screen', () => {
  it('shows the permanent sidebar with Home, Shared and Team Space, and no menu button', async () => {
    await renderAt(DESKTOP, ['/']);

    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Shared', '/shared'],
      ['Team Space', '/team-space'],
    ]);
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it.each([
    ['/', 'Home', 'page'],
    ['/shared', 'Shared', 'page'],
    ['/shared/hr-services/leave/my-leaves', 'Shared', 'true'],
    ['/team-space', 'Team Space', 'page'],
  ])('on %s highlights %s only (aria-current=%s)', async (path, active, current) => {
    await renderAt(DESKTOP, [path]);

    for (const link of within(mainNav()).getAllByRole('link')) {
      if (link.textContent === active) {
        expect(link).toHaveAttribute('aria-current', current);
        expect(link).toHaveClass('Mui-selected');
      } else {
        expect(link).not.toHaveAttribute('aria-current');
        expect(link).not.toHaveClass('Mui-selected');
      }
    }
  });

  it('highlights nothing on the profile page', async () => {
    await renderAt(DESKTOP, ['/profile']);
    for (const link of within(mainNav()).getAllByRole('link')) expect(link).not.toHaveAttribute('aria-current');
  });

  it('navigates from the sidebar', async () => {
    const user = userEvent.setup();
    const { pathname } = await renderAt(DESKTOP, ['/']);

    await user.click(within(mainNav()).getByRole('link', { name: 'Team Space' }));

    await waitFor(() => {
      expect(pathname()).toBe('/team-space');
    });
    expect(within(mainNav()).getByRole('link', { name: 'Team Space' })).toHaveAttribute('aria-current', 'page');
  });

  it('collapses to an icon rail whose items keep their names, and remembers it', async () => {
    const user = userEvent.setup();
    const first = await renderAt(DESKTOP, ['/']);

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));

    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    expect(within(mainNav()).getByRole('link', { name: 'Shared' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    first.view.unmount();

    await renderAt(DESKTOP, ['/']);
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
    expect(localStorage.getItem('staff-portal.sidebar-collapsed')).toBe('false');
  });
});

describe('AppLayout below lg', () => {
  it('hides the sidebar behind a menu button and closes the drawer after a navigation', async () => {
    const user = userEvent.setup();
    const { pathname } = await renderAt(TABLET, ['/']);

    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    const menu = screen.getByRole('button', { name: 'Open navigation' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('dialog', { name: 'Sidebar' })).toContainElement(mainNav());
    await user.click(within(mainNav()).getByRole('link', { name: 'Shared' }));

    await waitFor(() => {
      expect(pathname()).toBe('/shared');
    });
    await waitFor(() => {
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the drawer with its close button and with Escape', async () => {
    const user = userEvent.setup();
    await renderAt(PHONE, ['/']);

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    await user.click(screen.getByRole('button', { name: 'Close navigation' }));
    await waitFor(() => {
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    });

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(mainNav()).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    });
  });
});

describe('user card and Sign Out', () => {
  it('shows the display name and e-mail, and opens /profile', async () => {
    const user = userEvent.setup();
    const { pathname } = await renderAt(DESKTOP, ['/']);

    const card = screen.getByRole('link', { name: 'Open your profile: Aisyah' });
    expect(card).toHaveTextContent('Aisyah');
    expect(card).toHaveTextContent('aisyah@staffportal.example');

    await user.click(card);
    await waitFor(() => {
      expect(pathname()).toBe('/profile');
    });
  });

  // Keyboard focus shows it too, through MUI's :focus-visible check, which jsdom does not
  // implement: shell.e2e.test.ts checks that in Chromium.
  it('shows a long name in full, with the e-mail, on hover', async () => {
    const user = userEvent.setup();
    const long = 'Nur Aisyah binti Abdul Rahman al-Haj Muhammad Iskandar';
    const email = 'nur.aisyah.abdul.rahman@staffportal.example';
    await renderAt(DESKTOP, ['/'], testAuth(testUser({ displayName: long, email })));
    const card = screen.getByRole('link', { name: `Open your profile: ${long}` });

    await user.hover(card);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(long);
    expect(tooltip).toHaveTextContent(email);
    // Announced as the card's description, not only shown.
    expect(card).toHaveAccessibleDescription(`${long} ${email}`);
    await user.unhover(card);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it.each([
    [{ displayName: null }, 'Nur Aisyah binti Rahman', 'aisyah@staffportal.example'],
    [{ displayName: null, name: null }, 'aisyah', 'aisyah@staffportal.example'],
    [{ displayName: '  ', name: null, email: null }, 'User', 'Invalid Email'],
    [{ email: 'not-an-email' }, 'Aisyah', 'Invalid Email'],
    [{ email: '' }, 'Aisyah', 'Invalid Email'],
  ])('with %j shows %s and %s', async (overrides, name, email) => {
    await renderAt(DESKTOP, ['/'], testAuth(testUser(overrides)));

    expect(screen.getByTestId('user-card-name')).toHaveTextContent(name);
    expect(screen.getByTestId('user-card-email')).toHaveTextContent(email);
  });

  it('Sign Out calls the gate’s signOut once and shows progress meanwhile', async () => {
    const user = userEvent.setup();
    let finish = () => undefined as void;
    const signOut = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    await renderAt(DESKTOP, ['/'], testAuth(testUser(), { signOut }));

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(signOut).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Signing out…' })).toBeDisabled();
    finish();
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeEnabled();
  });

  it('shows a failed sign-out in the notification', async () => {
    const user = userEvent.setup();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const signOut = () => Promise.reject(new Error('revocation failed'));
    await renderAt(DESKTOP, ['/'], testAuth(testUser(), { signOut }));

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('An unknown error has occurred.');
    consoleError.mockRestore();
  });
});

describe('breadcrumb', () => {
  it('shows HOME and the upper-case segments, earlier ones as links, the last as the current page', async () => {
    await renderAt(DESKTOP, ['/shared/hr-services/leave/my-leaves']);

    const items = within(breadcrumb()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['HOME', 'SHARED', 'HR-SERVICES', 'LEAVE', 'MY-LEAVES']);
    expect(
      within(breadcrumb())
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/', '/shared', '/shared/hr-services', '/shared/hr-services/leave']);
    expect(within(breadcrumb()).getByText('MY-LEAVES')).toHaveAttribute('aria-current', 'page');
    expect(within(breadcrumb()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows HOME alone, as the current page, at /', async () => {
    await renderAt(DESKTOP, ['/']);
    expect(within(breadcrumb()).getByText('HOME')).toHaveAttribute('aria-current', 'page');
    expect(within(breadcrumb()).queryByRole('link')).not.toBeInTheDocument();
  });

  it('follows a crumb', async () => {
    const user = userEvent.setup();
    const { pathname } = await renderAt(DESKTOP, ['/shared/hr-services/leave']);

    await user.click(within(breadcrumb()).getByRole('link', { name: 'HR-SERVICES' }));

    await waitFor(() => {
      expect(pathname()).toBe('/shared/hr-services');
    });
  });

  it('keeps every crumb from 600 px up', async () => {
    await renderAt(600, ['/shared/hr-services/leave/my-leaves']);
    expect(within(breadcrumb()).getAllByRole('listitem')).toHaveLength(5);
  });

  it('on a phone shows an ellipsis and the last 3 crumbs, and the ellipsis expands the path', async () => {
    const user = userEvent.setup();
    await renderAt(PHONE, ['/shared/hr-services/leave/my-leaves']);

    const expand = within(breadcrumb()).getByRole('button', { name: 'Show the full path' });
    const visible = within(breadcrumb())
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(visible.slice(-3)).toEqual(['HR-SERVICES', 'LEAVE', 'MY-LEAVES']);
    expect(visible).toHaveLength(4);
    expect(within(breadcrumb()).queryByText('HOME')).not.toBeInTheDocument();

    await user.click(expand);

    expect(
      within(breadcrumb())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['HOME', 'SHARED', 'HR-SERVICES', 'LEAVE', 'MY-LEAVES']);
  });

  it('on a phone shows a path of 3 crumbs whole', async () => {
    await renderAt(PHONE, ['/shared/hr-services']);
    expect(
      within(breadcrumb())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['HOME', 'SHARED', 'HR-SERVICES']);
    expect(within(breadcrumb()).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('loading', () => {
  it('shows a skeleton user card while the user loads', async () => {
    setViewportWidth(DESKTOP);
    renderApp(['/'], testAuth(null));

    expect(await screen.findByRole('progressbar', { name: 'Checking your access…' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Open your profile/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });
});

describe('in Bahasa Malaysia', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('translates the sidebar, the breadcrumb, the guard spinner and the status pages', async () => {
    await changeLanguage('ms');
    await renderAt(DESKTOP, ['/team-space', '/announcements'], testAuth(testUser({ email: null })));

    expect(await screen.findByRole('heading', { level: 1, name: 'Tiada Kebenaran' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Navigasi utama' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Laman Utama', 'Dikongsi', 'Ruang Pasukan']);
    expect(screen.getByTestId('user-card-email')).toHaveTextContent('E-mel Tidak Sah');
    expect(screen.getByRole('button', { name: 'Log Keluar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kembali' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Laluan halaman' });
    expect(within(crumbs).getByRole('link', { name: 'LAMAN UTAMA' })).toHaveAttribute('href', '/');
  });
});
