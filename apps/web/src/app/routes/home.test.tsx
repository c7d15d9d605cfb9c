import { readerPostPageSchema, readerPostSchema } from '@staff-portal/shared/posts';
import type { ReaderPostSummary } from '@staff-portal/shared/posts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { homeAnswer, homePosts, postSummary } from '../../features/home/test/home-fixtures';
import { changeLanguage } from '../../lib/i18n';
import { reply, stubLeaveApi } from '../../test/leave-api-double';
import { summary } from '../../test/leave-fixtures';
import { testAuth, testUser } from '../../test/auth';
import { renderApp } from '../../test/render-app';
import { setViewportWidth } from '../../test/viewport';

const linkNames = async () => {
  await screen.findByRole('heading', { level: 1 });
  return screen.queryAllByRole('link', { name: /^(Open|Buka) / }).map((link) => link.getAttribute('aria-label'));
};

const section = (name: string) => screen.findByRole('region', { name });

/** The full post behind a summary, as `GET /posts/{id}` answers it. */
const fullPost = (post: ReaderPostSummary) =>
  readerPostSchema.parse({
    id: post.id,
    kind: post.kind,
    title: post.title,
    body: `## Details\n\n${post.excerpt}`,
    publishAt: post.publishAt,
    expireAt: post.expireAt,
    pinned: post.pinned,
    authorName: post.authorName,
    attachments: [],
    readAt: '2026-03-02T02:00:00.000Z',
  });

describe('HomePage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('greets the user by display name and lists what HR may open (docs/product/specification.md §1)', async () => {
    stubLeaveApi({ 'GET /home': () => homeAnswer({ leave: summary() }) });
    renderApp(['/'], testAuth(testUser({ department: ['HR'] })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Aisyah' })).toBeInTheDocument();
    // The IR hub admits HR, but none of its pages does: no link leads HR to an empty hub.
    expect(await linkNames()).toEqual(['Open E-Leave System']);
    expect(screen.getByRole('link', { name: 'Open E-Leave System' })).toHaveAttribute(
      'href',
      '/shared/hr-services/leave',
    );
  });

  it('shows my leave at a glance from the one Home request', async () => {
    const api = stubLeaveApi({
      'GET /home': () => homeAnswer({ leave: summary({ myRequestsWaiting: 1, approvalsWaiting: 2 }) }),
    });
    renderApp(['/'], testAuth(testUser({ department: ['HR'] })));
    expect(await screen.findByRole('heading', { level: 2, name: 'My leave in 2026' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 request waiting for a decision' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2 requests waiting for your approval' })).toBeInTheDocument();
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /home']);
  });

  it('gives HRAdmin the access control page and the leave admin as well', async () => {
    stubLeaveApi({ 'GET /home': () => homeAnswer({ leave: summary() }) });
    renderApp(['/'], testAuth(testUser({ department: ['HRAdmin'] })));
    expect(await linkNames()).toEqual([
      'Open E-Leave System',
      'Open E-Leave System Admin',
      'Open Access Control Page',
      'Open Announcements',
      'Open Staff Information',
    ]);
    // Where announcements and staff information are written (docs/product/screens.md §2).
    expect(screen.getByRole('link', { name: 'Open Announcements' })).toHaveAttribute('href', '/announcements');
    expect(screen.getByRole('link', { name: 'Open Staff Information' })).toHaveAttribute('href', '/staff-info');
  });

  it('gives ITAdmin everything, IR only the IR services and no leave section', async () => {
    stubLeaveApi({ 'GET /home': () => homeAnswer({ leave: summary() }) });
    const view = renderApp(['/'], testAuth(testUser({ department: ['ITAdmin'] })));
    expect(await linkNames()).toHaveLength(7);
    view.view.unmount();
    stubLeaveApi({ 'GET /home': () => homeAnswer() });
    renderApp(['/'], testAuth(testUser({ department: ['IR'] })));
    expect(await linkNames()).toEqual(['Open Industrial Relations']);
    expect(await section('Announcements')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: /My leave/ })).not.toBeInTheDocument();
  });

  it('tells a department with no pages what it can do: profile and team space', async () => {
    const user = userEvent.setup();
    stubLeaveApi({ 'GET /home': () => homeAnswer() });
    const view = renderApp(['/'], testAuth(testUser({ department: ['UNION'], displayName: null, name: null })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, aisyah' })).toBeInTheDocument();
    expect(screen.getByText(/Your departments have no pages of their own yet/)).toBeInTheDocument();
    expect(screen.getByText(/ask your administrator to add you to its department/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What you can do' })).toBeInTheDocument();
    expect(await linkNames()).toEqual(['Open My Profile', 'Open Team Space']);
    await user.click(screen.getByRole('link', { name: 'Open My Profile' }));
    await waitFor(() => expect(view.pathname()).toBe('/profile'));
  });

  it('speaks Bahasa Malaysia to a department with no pages', async () => {
    await changeLanguage('ms');
    try {
      stubLeaveApi({ 'GET /home': () => homeAnswer() });
      renderApp(['/'], testAuth(testUser({ department: ['CLUB'] })));
      expect(await screen.findByRole('heading', { level: 2, name: 'Apa yang boleh anda lakukan' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Buka Profil Saya' })).toHaveAttribute('href', '/profile');
      expect(screen.getByRole('link', { name: 'Buka Ruang Pasukan' })).toHaveAttribute('href', '/team-space');
      expect(await screen.findByText('Tiada pengumuman untuk jabatan anda buat masa ini.')).toBeInTheDocument();
      expect(screen.getByText('Tiada maklumat kakitangan untuk jabatan anda buat masa ini.')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
      localStorage.clear();
    }
  });
});

describe('HomePage: announcements and staff information', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists them as the server orders them, with the pinned and unread ones marked', async () => {
    const pinned = postSummary({ title: 'Office move', pinned: true, attachmentCount: 2 });
    const newest = postSummary({ title: 'Payroll date', excerpt: 'Salaries are paid on the 25th.' });
    const seen = postSummary({ title: 'Car park', read: true });
    const info = postSummary({ kind: 'staffInfo', title: 'Staff handbook', read: true });
    stubLeaveApi({
      'GET /home': () => homeAnswer({ announcements: homePosts([pinned, newest, seen]), staffInfo: homePosts([info]) }),
    });
    renderApp(['/'], testAuth(testUser({ department: ['IR'] })));
    const announcements = await section('Announcements');
    const links = within(announcements).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Office move, pinned, not read yet',
      'Payroll date, not read yet',
      'Car park',
    ]);
    expect(links[0]).toHaveAttribute('href', `/?post=${pinned.id}`);
    expect(within(announcements).getByText('2 new')).toBeInTheDocument();
    expect(within(announcements).getAllByText('New')).toHaveLength(2);
    expect(within(links[1]!).getByText('Salaries are paid on the 25th.')).toBeInTheDocument();
    expect(
      within(links[0]!).getByText('Published 02 Mar 2026, 9.00am · by Tan Mei Ling · 2 attachments'),
    ).toBeInTheDocument();

    const staffInfo = await section('Staff information');
    expect(
      within(staffInfo)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Staff handbook']);
    expect(within(staffInfo).queryByText(/new/i)).not.toBeInTheDocument();
  });

  it('says when there are none', async () => {
    stubLeaveApi({ 'GET /home': () => homeAnswer() });
    renderApp(['/'], testAuth(testUser({ department: ['IR'] })));
    expect(
      within(await section('Announcements')).getByText('There are no announcements for your departments right now.'),
    ).toBeInTheDocument();
    expect(
      within(await section('Staff information')).getByText(
        'There is no staff information for your departments right now.',
      ),
    ).toBeInTheDocument();
  });

  it('shows skeletons while Home loads, and the quick links at once', async () => {
    let answer: (value: unknown) => void = () => undefined;
    stubLeaveApi({ 'GET /home': () => new Promise((resolve) => (answer = resolve)) });
    renderApp(['/'], testAuth(testUser({ department: ['HR'] })));
    expect(await screen.findByRole('status', { name: 'Loading your home page' })).toBeInTheDocument();
    expect(await linkNames()).toEqual(['Open E-Leave System']);
    expect(screen.queryByRole('region', { name: 'Announcements' })).not.toBeInTheDocument();
    answer(homeAnswer({ leave: summary() }));
    expect(await section('Announcements')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your home page' })).not.toBeInTheDocument();
  });

  it('says when Home could not be loaded, keeps the quick links, and tries again on request', async () => {
    const user = userEvent.setup();
    let failing = true;
    stubLeaveApi({
      'GET /home': () =>
        failing
          ? reply(500, { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred.' })
          : homeAnswer({ announcements: homePosts([postSummary({ title: 'Back again' })]) }),
    });
    renderApp(['/'], testAuth(testUser({ department: ['HR'] })));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your announcements and leave could not be loaded.');
    expect(await linkNames()).toEqual(['Open E-Leave System']);
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Back again, not read yet' })).toBeInTheDocument();
    expect(screen.queryByText('Your announcements and leave could not be loaded.')).not.toBeInTheDocument();
  });

  it('opens a post in full at a link that can be shared, and drops its unread mark', async () => {
    const user = userEvent.setup();
    const post = postSummary({ title: 'Office move', excerpt: 'We move to level 5.' });
    let read = false;
    const api = stubLeaveApi({
      'GET /home': () => homeAnswer({ announcements: homePosts([{ ...post, read }]) }),
      'GET /posts/:id': () => {
        read = true;
        return fullPost(post);
      },
    });
    const view = renderApp(['/'], testAuth(testUser({ department: ['IR'] })));
    await user.click(await screen.findByRole('link', { name: 'Office move, not read yet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Office move' });
    expect(view.router.state.location.search).toBe(`?post=${post.id}`);
    expect(within(dialog).getByRole('heading', { name: 'Details' })).toBeInTheDocument();
    expect(within(dialog).getByText('We move to level 5.')).toBeInTheDocument();
    // Opening it is reading it: Home asks again, and the mark goes.
    expect(await screen.findByRole('link', { name: 'Office move', hidden: true })).toBeInTheDocument();
    expect(api.callsTo('GET', '/home')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.router.state.location.search).toBe('');
    expect(screen.getByRole('link', { name: 'Office move' })).toBeInTheDocument();
  });

  it('opens a shared link straight away, and says no more than "not available" of a post I may not read', async () => {
    stubLeaveApi({
      'GET /home': () => homeAnswer(),
      'GET /posts/:id': () => reply(404, { code: 'NOT_FOUND', message: 'There is no such post.' }),
    });
    renderApp(['/?post=5b0c1b1e-8f0a-4c55-9d6e-0d6f3c1a2b99'], testAuth(testUser({ department: ['IR'] })));
    const dialog = await screen.findByRole('dialog', { name: 'This post is not available' });
    expect(within(dialog).queryByText(/no such post/)).not.toBeInTheDocument();
  });

  it('shows all of a kind a page at a time when there are more than Home holds', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 12 }, (_, index) => postSummary({ title: `Notice no. ${index + 1}` }));
    const api = stubLeaveApi({
      'GET /home': () => homeAnswer({ announcements: homePosts(all) }),
      'GET /posts': ({ query }) => {
        const page = Number(query.get('page'));
        const pageSize = Number(query.get('pageSize'));
        return readerPostPageSchema.parse({
          items: all.slice((page - 1) * pageSize, page * pageSize),
          total: all.length,
          page,
          pageSize,
          unread: all.length,
        });
      },
    });
    renderApp(['/'], testAuth(testUser({ department: ['IR'] })));
    const announcements = await section('Announcements');
    expect(within(announcements).getAllByRole('link')).toHaveLength(5);
    await user.click(within(announcements).getByRole('button', { name: 'Show all 12' }));
    await waitFor(() => expect(within(announcements).getAllByRole('link')).toHaveLength(10));
    expect(api.callsTo('GET', '/posts')[0]!.query.get('kind')).toBe('announcement');
    expect(within(announcements).getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(within(announcements).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(
        within(announcements)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([expect.stringContaining('Notice no. 11'), expect.stringContaining('Notice no. 12')]),
    );
    await user.click(within(announcements).getByRole('button', { name: 'Show fewer' }));
    expect(within(announcements).getAllByRole('link')).toHaveLength(5);
  });

  it('reads well on a phone: one column, and the post fills the screen', async () => {
    setViewportWidth(390);
    const user = userEvent.setup();
    const post = postSummary({ title: 'Office move' });
    stubLeaveApi({
      'GET /home': () => homeAnswer({ announcements: homePosts([post]), leave: summary() }),
      'GET /posts/:id': () => fullPost(post),
    });
    renderApp(['/'], testAuth(testUser({ department: ['HR'] })));
    await user.click(await screen.findByRole('link', { name: 'Office move, not read yet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Office move' });
    expect(dialog.className).toMatch(/FullScreen/);
  });
});
