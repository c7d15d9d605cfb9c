import { notFound } from '@staff-portal/shared/errors';
import { readerPostSchema } from '@staff-portal/shared/posts';
import type { ReaderPost } from '@staff-portal/shared/posts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { PostReaderDialog } from './post-reader-dialog';
import { changeLanguage } from '../../../lib/i18n';
import { testAuth, testUser } from '../../../test/auth';
import { reply, stubLeaveApi } from '../../../test/leave-api-double';
import { renderWithProviders } from '../../../test/render';
import { setViewportWidth } from '../../../test/viewport';
import { AuthContext } from '../../../lib/auth-context';

const ID = '5b0c1b1e-8f0a-4c55-9d6e-0d6f3c1a2b01';
const CHART = '0a1b2c3d-0000-4000-8000-000000000001';
const PHOTO = '0a1b2c3d-0000-4000-8000-000000000002';
const FORM = '0a1b2c3d-0000-4000-8000-000000000003';

/** A published post as `GET /posts/{id}` answers it, checked against the shared schema. */
const readerPost = (overrides: Partial<ReaderPost> = {}): ReaderPost =>
  readerPostSchema.parse({
    id: ID,
    kind: 'announcement',
    title: 'Office closed on Friday',
    body: '## Notice\n\nThe office is **closed** on Friday.\n\n![Floor plan](chart.png)\n\n![elsewhere](https://example.org/x.png)',
    publishAt: '2026-03-02T01:00:00.000Z',
    expireAt: null,
    pinned: true,
    authorName: 'Tan Mei Ling',
    attachments: [
      { id: CHART, fileName: 'chart.png', contentType: 'image/png', size: 120 },
      { id: PHOTO, fileName: 'team photo.jpg', contentType: 'image/jpeg', size: 300 },
      { id: FORM, fileName: 'claim form.pdf', contentType: 'application/pdf', size: 2000 },
    ],
    readAt: '2026-03-02T02:00:00.000Z',
    ...overrides,
  });

const fileAnswer = (type: string, text: string) =>
  new Response(new Blob([text], { type }), {
    status: 200,
    headers: { 'Content-Type': type, 'Content-Disposition': 'attachment; filename="x"' },
  });

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderDialog(url: string, onRead = vi.fn(), department = ['IR']) {
  renderWithProviders(
    <AuthContext value={testAuth(testUser({ department }))}>
      <MemoryRouter initialEntries={[url]}>
        <PostReaderDialog onRead={onRead} />
        <Where />
      </MemoryRouter>
    </AuthContext>,
    { getToken: () => Promise.resolve('reader-token') },
  );
  return { onRead, where: () => screen.getByTestId('where').textContent };
}

const created: Blob[] = [];
beforeEach(() => {
  created.length = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    created.push(blob);
    return `blob:image-${created.length}`;
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('PostReaderDialog', () => {
  it.each([
    ['HRAdmin', 'announcement', `/announcements/${ID}`],
    ['ITAdmin', 'staffInfo', `/staff-info/${ID}`],
  ] as const)('offers %s, who may manage posts, to edit the %s it shows', async (department, kind, href) => {
    stubLeaveApi({ 'GET /posts/:id': () => readerPost({ kind, attachments: [] }) });
    renderDialog(`/?post=${ID}`, vi.fn(), [department]);
    const dialog = await screen.findByRole('dialog', { name: 'Office closed on Friday' });
    expect(within(dialog).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', href);
  });

  it('offers a reader who may not manage posts no Edit', async () => {
    stubLeaveApi({ 'GET /posts/:id': () => readerPost({ attachments: [] }) });
    renderDialog(`/?post=${ID}`, vi.fn(), ['HR']);
    const dialog = await screen.findByRole('dialog', { name: 'Office closed on Friday' });
    await within(dialog).findByText(/Published/);
    expect(within(dialog).queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('opens the post of ?post=, with its images shown from the API and its other files to download', async () => {
    const user = userEvent.setup();
    const api = stubLeaveApi({
      'GET /posts/:id': ({ params }) => (params['id'] === ID ? readerPost() : reply(404, {})),
      'GET /posts/:id/attachments/:attachmentId': ({ params }) =>
        params['attachmentId'] === FORM ? fileAnswer('application/pdf', '%PDF') : fileAnswer('image/png', 'png'),
    });
    const { onRead } = renderDialog(`/?post=${ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Office closed on Friday' });
    expect(within(dialog).getByText('Published 02 Mar 2026, 9.00am by Tan Mei Ling')).toBeInTheDocument();
    expect(within(dialog).getByText('Pinned')).toBeInTheDocument();
    // The body, rendered from its Markdown.
    expect(within(dialog).getByRole('heading', { name: 'Notice' })).toBeInTheDocument();
    expect(within(dialog).getByText('closed').tagName).toBe('STRONG');
    // The image the body names shows in its place; the other image after the body; both from blobs.
    expect(await within(dialog).findByRole('img', { name: 'Floor plan' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:image-/),
    );
    expect(await within(dialog).findByRole('img', { name: 'team photo.jpg' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:image-/),
    );
    expect(within(dialog).queryByRole('img', { name: 'chart.png' })).not.toBeInTheDocument();
    // A picture from elsewhere is never loaded: its alternative text shows instead.
    expect(within(dialog).queryByRole('img', { name: 'elsewhere' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('elsewhere')).toBeInTheDocument();
    // The images were fetched with the signed-in user's token, the PDF not yet.
    const urlOf = (input: string | URL | Request) =>
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const fetched = vi.mocked(fetch).mock.calls.filter(([input]) => urlOf(input).includes('/attachments/'));
    expect(fetched.map(([input]) => urlOf(input)).sort()).toEqual([
      `/leave-api/posts/${ID}/attachments/${CHART}`,
      `/leave-api/posts/${ID}/attachments/${PHOTO}`,
    ]);
    for (const [, init] of fetched) {
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer reader-token');
    }
    expect(onRead).toHaveBeenCalledWith(expect.objectContaining({ id: ID }));

    await user.click(within(dialog).getByRole('button', { name: 'Download claim form.pdf' }));
    await waitFor(() => expect(api.callsTo('GET', `/posts/${ID}/attachments/${FORM}`)).toHaveLength(1));
    await waitFor(() => expect(created.some((blob) => blob.type === 'application/pdf')).toBe(true));
  });

  it.each([
    ['a 404: outside my audience, or no such post', notFound('There is no such post.').toBody(), 404],
    ['a 400: an id the server refuses', { code: 'VALIDATION_ERROR', message: 'id: must be a post id' }, 400],
  ])('says only that the post is not available on %s', async (_case, body, status) => {
    stubLeaveApi({ 'GET /posts/:id': () => reply(status, body) });
    const { onRead } = renderDialog(`/?post=${ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'This post is not available' });
    expect(within(dialog).getByText(/The link may be out of date/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/no such post|must be a post id/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(onRead).not.toHaveBeenCalled();
  });

  it('asks nothing for a link that names no post', async () => {
    const api = stubLeaveApi({});
    renderDialog('/?post=not-a-post');
    expect(await screen.findByRole('dialog', { name: 'This post is not available' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('offers to try again when the post could not be loaded', async () => {
    const user = userEvent.setup();
    let failing = true;
    stubLeaveApi({
      'GET /posts/:id': () => (failing ? new Response('<html>', { status: 502 }) : readerPost({ attachments: [] })),
    });
    const { onRead } = renderDialog(`/?post=${ID}`);
    // Two tries of a 502 (lib/query-client.ts), then the error with its retry.
    const dialog = await screen.findByRole('dialog', { name: 'The post could not be loaded.' });
    expect(onRead).not.toHaveBeenCalled();
    failing = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('dialog', { name: 'Office closed on Friday' })).toBeInTheDocument();
    expect(onRead).toHaveBeenCalledTimes(1);
  });

  it('removes ?post= when closed, and keeps the rest of the address', async () => {
    const user = userEvent.setup();
    stubLeaveApi({ 'GET /posts/:id': () => readerPost({ attachments: [] }) });
    const { where } = renderDialog(`/?tab=1&post=${ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Office closed on Friday' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(where()).toBe('/?tab=1');
  });

  it('fills a phone screen, and speaks Bahasa Malaysia', async () => {
    setViewportWidth(390);
    await changeLanguage('ms');
    try {
      stubLeaveApi({ 'GET /posts/:id': () => readerPost({ attachments: [], pinned: false }) });
      renderDialog(`/?post=${ID}`);
      const dialog = await screen.findByRole('dialog', { name: 'Office closed on Friday' });
      expect(dialog.className).toMatch(/FullScreen/);
      expect(within(dialog).getByText('Diterbitkan 02 Mac 2026, 9.00am oleh Tan Mei Ling')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Tutup' })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
      localStorage.clear();
    }
  });
});
