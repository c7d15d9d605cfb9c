import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { postInputSchema } from '@staff-portal/shared/posts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reply } from '../../test/leave-api-double';
import { stubPostsApi } from './test/posts-double';
import { adminPost } from './test/posts-fixtures';
import { renderPosts, where } from './test/render-posts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const user = () => userEvent.setup({ applyAccept: false });
const title = () => screen.getByRole('textbox', { name: 'Title' });
const body = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Text' });

/** A file of the given type and size, without allocating it. */
function file(name: string, type: string, size: number) {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

describe('Create a post', () => {
  it('says what is missing before sending anything', async () => {
    const api = stubPostsApi();
    renderPosts('/announcements/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'New announcement' })).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Check the fields marked in red.')).toBeInTheDocument();
    expect(title()).toHaveAccessibleDescription('This is required.');
    expect(screen.getAllByText('This is required.')).toHaveLength(2);

    // Chosen departments, with none chosen; an expiry before the publish time.
    await user().click(screen.getByRole('radio', { name: 'Chosen departments' }));
    fireEvent.change(screen.getByLabelText('Publish time'), { target: { value: '2026-07-01T09:00' } });
    fireEvent.change(screen.getByLabelText('Expiry time'), { target: { value: '2026-06-30T09:00' } });
    await user().click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Choose at least one department.')).toBeInTheDocument();
    expect(screen.getByLabelText('Expiry time')).toHaveAccessibleDescription('The end must be after the start.');
    expect(api.calls).toHaveLength(0);
  });

  it('creates the post with the kind of its path and the times in the organisation zone, then opens it for editing', async () => {
    const api = stubPostsApi();
    renderPosts('/staff-info/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'New staff information' })).toBeInTheDocument();
    await user().type(title(), 'Payslip dates');
    await user().type(body(), 'Paid on the 25th.');
    await user().click(screen.getByRole('radio', { name: 'Chosen departments' }));
    await user().click(screen.getByRole('checkbox', { name: 'HR' }));
    await user().click(screen.getByRole('checkbox', { name: 'UNION' }));
    fireEvent.change(screen.getByLabelText('Publish time'), { target: { value: '2026-07-01T09:00' } });
    await user().click(screen.getByRole('checkbox', { name: 'Pinned: shown first on Home' }));
    await user().click(screen.getByRole('checkbox', { name: 'E-mail the audience when it is published' }));
    await user().click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit staff information' })).toBeInTheDocument();
    const [call] = api.callsTo('POST', '/posts/admin');
    expect(postInputSchema.parse(call!.body)).toEqual({
      kind: 'staffInfo',
      title: 'Payslip dates',
      body: 'Paid on the 25th.',
      audience: ['HR', 'UNION'],
      publishAt: '2026-07-01T09:00:00+08:00',
      expireAt: null,
      pinned: true,
      emailAudience: true,
    });
    const created = api.posts()[0]!;
    expect(where(screen).path).toBe(`/staff-info/${created.id}`);
    expect(await screen.findByText('Created.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add files' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'About this post' })).getByText('Scheduled')).toBeInTheDocument();
  });

  it('"Publish now" fills the publish time with the current minute; "Make it a draft" empties it', async () => {
    stubPostsApi();
    renderPosts('/announcements/create');
    await screen.findByRole('heading', { level: 1, name: 'New announcement' });
    await user().click(screen.getByRole('button', { name: 'Publish now' }));
    expect(screen.getByLabelText<HTMLInputElement>('Publish time').value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await user().click(screen.getByRole('button', { name: 'Make it a draft' }));
    expect(screen.getByLabelText('Publish time')).toHaveValue('');
  });

  it('shows a refusal of the server on the field it names', async () => {
    stubPostsApi({
      overrides: {
        'POST /posts/admin': () =>
          reply(400, {
            code: 'VALIDATION_ERROR',
            message: 'audience.0: there is no department CLUB',
            field: 'audience.0',
            reason: 'noSuchDepartment',
            params: { code: 'CLUB' },
          }),
      },
    });
    renderPosts('/announcements/create');
    await screen.findByRole('heading', { level: 1, name: 'New announcement' });
    await user().type(title(), 'Club dinner');
    await user().type(body(), 'On Friday.');
    await user().click(screen.getByRole('radio', { name: 'Chosen departments' }));
    await user().click(screen.getByRole('checkbox', { name: 'CLUB' }));
    await user().click(screen.getByRole('button', { name: 'Create' }));
    const audience = screen.getByRole('group', { name: 'Audience' });
    expect(await within(audience).findByText('There is no department CLUB.')).toBeInTheDocument();
    expect(where(screen).path).toBe('/announcements/create');
  });
});

describe('Unsaved changes', () => {
  const back = () => screen.getByRole('link', { name: 'Back to announcements' });

  it('are not left without asking: staying keeps them, leaving goes', async () => {
    stubPostsApi();
    renderPosts('/announcements/create');
    await user().type(await screen.findByRole('textbox', { name: 'Title' }), 'Half written');
    await user().click(back());
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Your changes on this page have not been saved.');
    await user().click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(where(screen).path).toBe('/announcements/create');
    expect(title()).toHaveValue('Half written');

    await user().click(back());
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Announcements' })).toBeInTheDocument();
    expect(where(screen).path).toBe('/announcements');
  });

  it('ask nothing of an untouched form, nor once saved, and the browser is asked to warn only while there are some', async () => {
    const post = adminPost({ title: 'Saved already' });
    stubPostsApi({ posts: [post] });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    renderPosts(`/announcements/${post.id}`);
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Saved already');
    expect(unload()).toBe(false);
    await user().type(title(), ', and changed');
    expect(unload()).toBe(true);
    await user().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(unload()).toBe(false);
    await user().click(back());
    expect(await screen.findByRole('heading', { level: 1, name: 'Announcements' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('The Markdown body', () => {
  it('wraps the selected words in the toolbar marks and keeps them selected', async () => {
    stubPostsApi();
    renderPosts('/announcements/create');
    await screen.findByRole('heading', { level: 1, name: 'New announcement' });
    await user().type(body(), 'Closed on Monday');
    body().setSelectionRange(10, 16);
    await user().click(screen.getByRole('button', { name: 'Bold' }));
    expect(body()).toHaveValue('Closed on **Monday**');
    expect([body().selectionStart, body().selectionEnd]).toEqual([12, 18]);
    await user().click(screen.getByRole('button', { name: 'Italic' }));
    expect(body()).toHaveValue('Closed on **_Monday_**');

    body().setSelectionRange(0, 0);
    await user().click(screen.getByRole('button', { name: 'Bulleted list' }));
    expect(body()).toHaveValue('- Closed on **_Monday_**');
    body().setSelectionRange(body().value.length, body().value.length);
    await user().click(screen.getByRole('button', { name: 'Link' }));
    expect(body()).toHaveValue('- Closed on **_Monday_**[link text](https://)');
  });

  it('previews the body as readers will see it, without anything that could run', async () => {
    stubPostsApi();
    renderPosts('/announcements/create');
    await screen.findByRole('heading', { level: 1, name: 'New announcement' });
    fireEvent.change(body(), {
      target: {
        value:
          '## Closing\n\nSee [the handbook](https://example.org/h) or [this](javascript:alert(1)).\n\n<script>alert(1)</script>',
      },
    });
    await user().click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = screen.getByRole('tabpanel', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Closing' })).toBeInTheDocument();
    expect(within(preview).getByRole('link', { name: 'the handbook' })).toHaveAttribute(
      'href',
      'https://example.org/h',
    );
    expect(within(preview).queryByRole('link', { name: 'this' })).not.toBeInTheDocument();
    expect(preview.querySelector('script')).toBeNull();
    expect(screen.queryByRole('toolbar', { name: 'Formatting' })).not.toBeInTheDocument();
    await user().click(screen.getByRole('tab', { name: 'Write' }));
    expect(body().value).toMatch(/^## Closing/);
  });
});

describe('Edit a post', () => {
  const published = () =>
    adminPost({
      title: 'Office closed on Monday',
      body: 'The office is closed.',
      audience: ['HR'],
      publishAt: '2026-06-01T01:00:00.000Z',
      status: 'published',
      emailAudience: true,
      emailedAt: '2026-06-01T01:00:30.000Z',
      emailRecipients: 12,
      authorName: 'Hana Admin',
      lastEditorName: 'Ravi Editor',
      seen: { readers: 2, audience: 12 },
      attachments: [{ id: 'a9', fileName: 'notice.pdf', contentType: 'application/pdf', size: 2048 }],
      attachmentCount: 1,
    });

  it('shows the post with its status, author, editor, e-mail and who has not seen it, paged', async () => {
    const post = published();
    const people = Array.from({ length: 55 }, (_, index) => ({
      id: `u${index}`,
      name: index === 0 ? null : `Person ${index}`,
      email: `p${index}@staffportal.example`,
    }));
    const api = stubPostsApi({ posts: [post], unseen: { [post.id]: people } });
    renderPosts(`/announcements/${post.id}`);
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Office closed on Monday');
    expect(body()).toHaveValue('The office is closed.');
    expect(screen.getByLabelText('Publish time')).toHaveValue('2026-06-01T09:00');
    expect(screen.getByRole('checkbox', { name: 'HR' })).toBeChecked();
    const facts = screen.getByRole('region', { name: 'About this post' });
    expect(facts).toHaveTextContent('Published');
    expect(facts).toHaveTextContent('Hana Admin');
    expect(facts).toHaveTextContent('Ravi Editor');
    expect(facts).toHaveTextContent('01 Jun 2026, 9.00am, to 12 people');
    expect(facts).toHaveTextContent('Seen by 2 of 12');
    expect(
      within(screen.getByRole('list', { name: 'Files of this post' })).getByText('notice.pdf'),
    ).toBeInTheDocument();

    const unseen = screen.getByRole('region', { name: 'Not seen yet' });
    expect(await within(unseen).findByText('55 accounts')).toBeInTheDocument();
    expect(within(unseen).getByText('No name')).toBeInTheDocument();
    expect(within(unseen).getAllByRole('listitem')).toHaveLength(50);
    await user().click(within(unseen).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(unseen).getAllByRole('listitem')).toHaveLength(5));
    expect(within(unseen).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(api.callsTo('GET', `/posts/admin/${post.id}/unseen`).at(-1)!.query.get('page')).toBe('2');
  });

  it('saves the whole post with PUT and stays on it', async () => {
    const post = published();
    const api = stubPostsApi({ posts: [post] });
    renderPosts(`/announcements/${post.id}`);
    await screen.findByRole('textbox', { name: 'Title' });
    await user().clear(title());
    await user().type(title(), 'Office closed on Tuesday');
    await user().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const [call] = api.callsTo('PUT', `/posts/admin/${post.id}`);
    expect(postInputSchema.parse(call!.body)).toMatchObject({
      kind: 'announcement',
      title: 'Office closed on Tuesday',
      audience: ['HR'],
      publishAt: '2026-06-01T09:00:00+08:00',
      emailAudience: true,
    });
    expect(where(screen).path).toBe(`/announcements/${post.id}`);
  });

  it('refuses files of another type or over 5 MB with a message naming them, and uploads the rest', async () => {
    const post = published();
    const api = stubPostsApi({ posts: [post] });
    renderPosts(`/announcements/${post.id}`);
    const input = await screen.findByLabelText('Add files');

    await user().upload(input, file('notes.txt', 'text/plain', 100));
    expect(await screen.findByText('notes.txt is not a PDF, JPEG or PNG file.')).toBeInTheDocument();
    await user().upload(input, file('poster.png', 'image/png', 5 * 1024 * 1024 + 1));
    expect(await screen.findByText('poster.png is larger than 5 MB.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/posts/admin/${post.id}/attachments`)).toHaveLength(0);

    await user().upload(input, file('map.jpg', 'image/jpeg', 5 * 1024 * 1024));
    const files = screen.getByRole('list', { name: 'Files of this post' });
    expect(await within(files).findByText('map.jpg')).toBeInTheDocument();
    expect(screen.queryByText('poster.png is larger than 5 MB.')).not.toBeInTheDocument();
    const [upload] = api.callsTo('POST', `/posts/admin/${post.id}/attachments`);
    expect((upload!.body as FormData).getAll('attachments').map((entry) => (entry as File).name)).toEqual(['map.jpg']);

    await user().click(screen.getByRole('button', { name: 'Remove notice.pdf' }));
    await waitFor(() => expect(within(files).queryByText('notice.pdf')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', `/posts/admin/${post.id}/attachments/a9`)).toHaveLength(1);
  });

  it('takes files before the post is created and sends them with it, in one request: the e-mail goes once they are there', async () => {
    const api = stubPostsApi();
    renderPosts('/announcements/create');
    await user().type(await screen.findByRole('textbox', { name: 'Title' }), 'Office move');
    await user().type(body(), 'See the floor plan.');
    await user().click(screen.getByRole('button', { name: 'Publish now' }));
    await user().click(screen.getByRole('checkbox', { name: 'E-mail the audience when it is published' }));
    expect(
      screen.getByText('Files chosen here are sent with the post when you create it, before any e-mail goes.'),
    ).toBeInTheDocument();

    const input = screen.getByLabelText('Add files');
    await user().upload(input, file('notes.txt', 'text/plain', 100));
    expect(await screen.findByText('notes.txt is not a PDF, JPEG or PNG file.')).toBeInTheDocument();
    await user().upload(input, [file('plan.png', 'image/png', 2000), file('rules.pdf', 'application/pdf', 3000)]);
    const chosen = screen.getByRole('list', { name: 'Files of this post' });
    expect(within(chosen).getByText('plan.png')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Remove rules.pdf' }));
    expect(within(chosen).queryByText('rules.pdf')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await user().click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit announcement' })).toBeInTheDocument();
    const creates = api.callsTo('POST', '/posts/admin');
    expect(creates).toHaveLength(1);
    const form = creates[0]!.body as FormData;
    expect(postInputSchema.parse(JSON.parse(form.get('post') as string))).toMatchObject({
      kind: 'announcement',
      title: 'Office move',
      emailAudience: true,
    });
    expect(form.getAll('attachments').map((entry) => (entry as File).name)).toEqual(['plan.png']);
    expect(api.calls.filter((call) => call.path.endsWith('/attachments'))).toHaveLength(0);
    const files = await screen.findByRole('list', { name: 'Files of this post' });
    expect(within(files).getByText('plan.png')).toBeInTheDocument();
  });

  it('deletes the post after confirming and goes back to the list', async () => {
    const post = published();
    const api = stubPostsApi({ posts: [post] });
    renderPosts(`/announcements/${post.id}`);
    await screen.findByRole('textbox', { name: 'Title' });
    await user().click(screen.getByRole('button', { name: 'Delete' }));
    await user().click(
      within(screen.getByRole('dialog', { name: 'Delete this post?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Announcements' })).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/posts/admin/${post.id}`)).toHaveLength(1);
  });

  it('says so when the post does not exist', async () => {
    stubPostsApi();
    renderPosts('/announcements/6f1c2d3e-4b5a-4c6d-8e7f-000000000777');
    expect(await screen.findByText('There is no such post.')).toBeInTheDocument();
  });
});
