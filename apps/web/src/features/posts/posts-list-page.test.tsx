import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reply } from '../../test/leave-api-double';
import { setViewportWidth } from '../../test/viewport';
import { stubPostsApi } from './test/posts-double';
import { adminPost } from './test/posts-fixtures';
import { renderPosts, where } from './test/render-posts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Three announcements (a published pinned one for HR, a scheduled one, a draft) and a staff-information post. */
function withPosts() {
  const published = adminPost({
    title: 'Office closed on Monday',
    audience: ['HR', 'UNION'],
    publishAt: '2026-06-01T01:00:00.000Z',
    expireAt: '2026-07-01T01:00:00.000Z',
    status: 'published',
    pinned: true,
    attachments: [{ id: 'a1', fileName: 'notice.pdf', contentType: 'application/pdf', size: 2048 }],
    attachmentCount: 1,
    seen: { readers: 3, audience: 12 },
    createdAt: '2026-06-01T00:00:00.000Z',
  });
  const scheduled = adminPost({
    title: 'Town hall',
    publishAt: '2026-07-01T01:00:00.000Z',
    status: 'scheduled',
    seen: { readers: 0, audience: 40 },
    createdAt: '2026-06-02T00:00:00.000Z',
  });
  const draft = adminPost({ title: 'Draft about parking', createdAt: '2026-06-03T00:00:00.000Z' });
  const staffInfo = adminPost({ kind: 'staffInfo', title: 'Payslip dates', createdAt: '2026-06-04T00:00:00.000Z' });
  const api = stubPostsApi({ posts: [published, scheduled, draft, staffInfo] });
  return { api, published, scheduled, draft, staffInfo };
}

const titles = () =>
  within(screen.getByRole('table', { name: 'Posts' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('link')[0]!.textContent);

const rowOf = (title: string) => screen.getByRole('link', { name: `Edit ${title}` }).closest('tr')!;

describe('Announcements list', () => {
  it('lists the announcements newest first with status, audience, times, pin, author, files and seen counts', async () => {
    const { api } = withPosts();
    renderPosts('/announcements');
    expect(await screen.findByRole('heading', { level: 1, name: 'Announcements' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Posts' });
    expect(titles()).toEqual(['Draft about parking', 'Town hall', 'Office closed on Monday']);
    expect(Object.fromEntries(api.callsTo('GET', '/posts/admin')[0]!.query)).toEqual({
      kind: 'announcement',
      page: '1',
      pageSize: '20',
    });
    const published = rowOf('Office closed on Monday');
    expect(within(published).getAllByText('Published')[0]).toBeInTheDocument();
    expect(published).toHaveTextContent('HR, UNION');
    expect(published).toHaveTextContent('Published 01 Jun 2026, 9.00am');
    expect(published).toHaveTextContent('Expires 01 Jul 2026, 9.00am');
    expect(within(published).getByTitle('Pinned')).toBeInTheDocument();
    expect(published).toHaveTextContent('Hana Admin');
    expect(published).toHaveTextContent('1 file');
    expect(published).toHaveTextContent('Seen by 3 of 12');
    const scheduled = rowOf('Town hall');
    expect(within(scheduled).getAllByText('Scheduled')[0]).toBeInTheDocument();
    expect(scheduled).toHaveTextContent('Publishes 01 Jul 2026, 9.00am');
    const draft = rowOf('Draft about parking');
    expect(draft).toHaveTextContent('Not scheduled');
    // The readers could not be counted: said so, not shown as zero.
    expect(draft).toHaveTextContent('Not known');
    expect(screen.getByRole('link', { name: 'New announcement' })).toHaveAttribute('href', '/announcements/create');
  });

  it('sorts newest first, or by title, publish time or author on a click, and turns the order round on a second', async () => {
    const { api } = withPosts();
    renderPosts('/announcements');
    const table = await screen.findByRole('table', { name: 'Posts' });
    // Newest first by when written, until another column is chosen (the column shows on a wide screen).
    expect(within(table).getByRole('columnheader', { name: 'Written', hidden: true })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(within(table).queryByRole('columnheader', { name: /Title/ })).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(table).getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(titles()).toEqual(['Draft about parking', 'Office closed on Monday', 'Town hall']));
    expect(screen.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'ascending');
    expect(api.callsTo('GET', '/posts/admin').at(-1)!.query.get('sort')).toBe('title');

    await userEvent.click(within(screen.getByRole('table', { name: 'Posts' })).getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(titles()).toEqual(['Town hall', 'Office closed on Monday', 'Draft about parking']));
    expect(screen.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'descending');

    // By publish time, the draft with none comes last.
    await userEvent.click(
      within(screen.getByRole('table', { name: 'Posts' })).getByRole('button', { name: 'Publish / expiry' }),
    );
    await waitFor(() => expect(titles()).toEqual(['Office closed on Monday', 'Town hall', 'Draft about parking']));
    const last = api.callsTo('GET', '/posts/admin').at(-1)!.query;
    expect([last.get('sort'), last.get('order')]).toEqual(['publishAt', 'asc']);
  });

  it('lists staff information under its own path and button', async () => {
    withPosts();
    renderPosts('/staff-info');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff Information' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Posts' });
    expect(titles()).toEqual(['Payslip dates']);
    expect(screen.getByRole('link', { name: 'New staff information' })).toHaveAttribute('href', '/staff-info/create');
  });

  it('filters by status, audience and search, keeping them in the URL', async () => {
    const { api } = withPosts();
    const last = () => Object.fromEntries(api.callsTo('GET', '/posts/admin').at(-1)!.query);
    renderPosts('/announcements');
    await screen.findByRole('table', { name: 'Posts' });

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'scheduled');
    await waitFor(() => expect(titles()).toEqual(['Town hall']));
    expect(where(screen).search.get('status')).toBe('scheduled');
    expect(last()).toMatchObject({ status: 'scheduled' });

    await userEvent.selectOptions(screen.getByLabelText('Status'), '');
    await userEvent.selectOptions(screen.getByLabelText('Audience'), 'HR');
    await waitFor(() => expect(titles()).toEqual(['Office closed on Monday']));
    expect(where(screen).search.get('audience')).toBe('HR');
    expect(where(screen).search.has('status')).toBe(false);

    await userEvent.selectOptions(screen.getByLabelText('Audience'), 'everyone');
    await waitFor(() => expect(titles()).toEqual(['Draft about parking', 'Town hall']));

    fireEvent.change(screen.getByLabelText('Search titles and text'), { target: { value: 'town' } });
    await waitFor(() => expect(titles()).toEqual(['Town hall']));
    expect(where(screen).search.get('q')).toBe('town');
    expect(last()).toMatchObject({ q: 'town', audience: 'everyone', kind: 'announcement' });
  });

  it('opens with the filters a link gives, and says when nothing matches', async () => {
    withPosts();
    renderPosts('/announcements?q=nothing-like-this&status=expired');
    expect(await screen.findByText('No post matches these filters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('expired');
    expect(screen.getByLabelText('Search titles and text')).toHaveValue('nothing-like-this');
  });

  it('says when there are no posts at all', async () => {
    stubPostsApi();
    renderPosts('/announcements');
    expect(await screen.findByText('No posts yet. Write the first with the button above.')).toBeInTheDocument();
  });

  it('pages on the server, keeping the page in the URL', async () => {
    const many = Array.from({ length: 23 }, (_, index) =>
      adminPost({ title: `Notice ${index + 1}`, createdAt: `2026-05-01T00:${String(index).padStart(2, '0')}:00.000Z` }),
    );
    const api = stubPostsApi({ posts: many });
    renderPosts('/announcements');
    await screen.findByRole('table', { name: 'Posts' });
    expect(titles()).toHaveLength(20);
    expect(screen.getByText('23 posts')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to the next page' }));
    await waitFor(() => expect(titles()).toEqual(['Notice 3', 'Notice 2', 'Notice 1']));
    expect(where(screen).search.get('page')).toBe('2');
    expect(api.callsTo('GET', '/posts/admin').at(-1)!.query.get('page')).toBe('2');

    // A new filter starts again from the first page, which the URL leaves out.
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'draft');
    await waitFor(() => expect(where(screen).search.toString()).toBe('status=draft'));
    await waitFor(() => expect(titles()).toHaveLength(20));
    expect(Object.fromEntries(api.callsTo('GET', '/posts/admin').at(-1)!.query)).toMatchObject({
      status: 'draft',
      page: '1',
    });
  });

  it('on a phone, folds the status and audience behind Filters, which says how many a link set', async () => {
    setViewportWidth(375);
    withPosts();
    renderPosts('/announcements?status=published&audience=HR');
    await waitFor(() => expect(titles()).toEqual(['Office closed on Monday']));
    const form = screen.getByRole('search', { name: 'Find posts' });
    // The search box and the create button stay; the other filters wait behind the button.
    expect(within(form).getByLabelText('Search titles and text')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New announcement' })).toBeInTheDocument();
    expect(within(form).queryByLabelText('Status')).toBeNull();
    expect(within(form).queryByLabelText('Audience')).toBeNull();

    const toggle = within(form).getByRole('button', { name: 'Filters (2 set)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide filters');
    expect(within(form).getByLabelText('Status')).toHaveValue('published');
    expect(within(form).getByLabelText('Audience')).toHaveValue('HR');

    // One filter cleared: folded again, the button counts the one still set.
    await userEvent.selectOptions(within(form).getByLabelText('Status'), '');
    await waitFor(() => expect(where(screen).search.has('status')).toBe(false));
    await userEvent.click(toggle);
    expect(toggle).toHaveAccessibleName('Filters (1 set)');
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    let fail = true;
    stubPostsApi({
      overrides: {
        'GET /posts/admin': () =>
          fail
            ? reply(503, { code: 'NOT_READY', message: 'The server is starting.' })
            : { items: [], total: 0, page: 1, pageSize: 20 },
      },
    });
    renderPosts('/announcements');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No posts yet. Write the first with the button above.')).toBeInTheDocument();
  });

  it('deletes a post only after confirming', async () => {
    const { api } = withPosts();
    renderPosts('/announcements');
    await screen.findByRole('table', { name: 'Posts' });
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Town hall' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' });
    expect(dialog).toHaveTextContent('“Town hall” will be deleted');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', `/posts/admin/${api.posts()[1]!.id}`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Town hall' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(titles()).toEqual(['Draft about parking', 'Office closed on Monday']));
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(await screen.findByText('“Town hall” was deleted.')).toBeInTheDocument();
  });

  it('unpublishes a scheduled or published post after confirming; a draft offers no unpublish', async () => {
    const { api, scheduled } = withPosts();
    renderPosts('/announcements');
    await screen.findByRole('table', { name: 'Posts' });
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Draft about parking' }));
    expect(screen.queryByRole('menuitem', { name: 'Unpublish' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Town hall' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unpublish' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Unpublish this post?' })).getByRole('button', { name: 'Unpublish' }),
    );
    await waitFor(() => expect(within(rowOf('Town hall')).getAllByText('Draft')[0]).toBeInTheDocument());
    expect(api.callsTo('POST', `/posts/admin/${scheduled.id}/unpublish`)).toHaveLength(1);
  });

  it('duplicates a post and opens the copy', async () => {
    const { api, published } = withPosts();
    renderPosts('/announcements');
    await screen.findByRole('table', { name: 'Posts' });
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Office closed on Monday' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Duplicate' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit announcement' })).toBeInTheDocument();
    expect(api.callsTo('POST', `/posts/admin/${published.id}/duplicate`)).toHaveLength(1);
    const copy = api.posts()[0]!;
    expect(copy.id).not.toBe(published.id);
    expect(where(screen).path).toBe(`/announcements/${copy.id}`);
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Office closed on Monday');
  });

  it('opens a post for editing from its title', async () => {
    const { draft } = withPosts();
    renderPosts('/announcements');
    await userEvent.click(await screen.findByRole('link', { name: 'Edit Draft about parking' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit announcement' })).toBeInTheDocument();
    expect(where(screen).path).toBe(`/announcements/${draft.id}`);
  });
});
