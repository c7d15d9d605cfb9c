import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppError } from '@staff-portal/shared/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { refuse } from '../../test/leave-api-double';
import { setViewportWidth } from '../../test/viewport';
import { stubItAdminApi } from './test/it-admin-double';
import {
  ADMIN_EMAIL,
  DELIVERED,
  FAILED,
  HAFIZ_ID,
  SMS,
  auditEntry,
  logEntry,
  manyEntries,
  refusedSignIn,
  outboxMessage,
  systemStatus,
} from './test/it-admin-fixtures';
import { currentSearch, renderItAdmin } from './test/render-it-admin';

afterEach(() => vi.unstubAllGlobals());

const bodyRows = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);
const search = () => currentSearch(screen.getByTestId('search'));
/** The value a description list gives for a label. */
const fact = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

/** Blobs handed to the browser as downloads. */
function captureDownloads(): Blob[] {
  const created: Blob[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => (created.push(blob), 'blob:x'),
      revokeObjectURL: () => undefined,
    }),
  );
  return created;
}

/** A blob's text (jsdom's Blob has no text()). */
const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

describe('ITAdminPage: tabs', () => {
  it('opens on Activity and keeps the chosen tab in the URL', async () => {
    stubItAdminApi({ activity: [auditEntry()] });
    renderItAdmin();
    expect(await screen.findByRole('heading', { level: 1, name: 'IT Admin' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Outbox' }));
    expect(search().get('tab')).toBe('outbox');
    expect(await screen.findByRole('tabpanel', { name: 'Outbox' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(search().get('tab')).toBeNull();
  });

  it('opens the tab the URL names', async () => {
    stubItAdminApi();
    renderItAdmin('?tab=status');
    expect(await screen.findByRole('tab', { name: 'System status' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Database' })).toBeInTheDocument();
  });
});

describe('ITAdminPage: activity', () => {
  it('lists sign-ins and changes with their time, user, source, area, action and target', async () => {
    const api = stubItAdminApi({ activity: [auditEntry(), logEntry()] });
    renderItAdmin();
    await screen.findByRole('table', { name: 'Activity' });
    const [change, signIn] = bodyRows('Activity');
    // Day first, in the organisation's zone (Kuala Lumpur, UTC+8).
    expect(
      within(change!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '05/03/2026 14:07',
      ADMIN_EMAIL,
      'Change',
      'Access control',
      'Account disabled',
      'hafiz@staffportal.example',
    ]);
    // An older sign-in kept no e-mail: its user is shown by id, and an action the portal does not know as it came.
    expect(
      within(signIn!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['05/03/2026 09:30', HAFIZ_ID, 'Sign-in and sign-out', 'Sign-in', 'SIGN_IN', '/home']);
    expect(screen.getByText('2 entries shown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/it-admin/activity')[0]!.query.toString()).toBe('limit=50');
  });

  it('shows who by name and e-mail, and a refused sign-in with its reason', async () => {
    stubItAdminApi({
      activity: [auditEntry({ userName: 'Ida Admin' }), refusedSignIn()],
    });
    renderItAdmin();
    await screen.findByRole('table', { name: 'Activity' });
    const [change, refused] = bodyRows('Activity');
    expect(within(change!).getAllByRole('cell')[1]).toHaveTextContent(`Ida Admin${ADMIN_EMAIL}`);
    expect(
      within(refused!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '05/03/2026 09:20',
      'Hafiz Rahmanhafiz@staffportal.example',
      'Sign-in and sign-out',
      'Sign-in',
      'Sign-in refused: wrong password',
      '-',
    ]);
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Show the details of Sign-in refused: wrong password by Hafiz Rahman at 05/03/2026 09:20',
      }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Sign-in refused: wrong password' });
    expect(fact(drawer, 'User')).toBe('Hafiz Rahman');
    expect(fact(drawer, 'E-mail')).toBe('hafiz@staffportal.example');
    expect(fact(drawer, 'Action')).toBe('Sign-in refused');
    expect(fact(drawer, 'Reason')).toBe('wrong password');
  });

  it('offers the areas, and the actions of the chosen area, as choices in words', async () => {
    const api = stubItAdminApi({ activity: [auditEntry(), refusedSignIn()] });
    const lastQuery = () => api.callsTo('GET', '/it-admin/activity').at(-1)!.query;
    renderItAdmin();
    await screen.findByRole('table', { name: 'Activity' });
    const options = (label: string) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options('Area')).toEqual([
      'All',
      'Sign-in',
      'Access control',
      'Leave',
      'Leave administration',
      'Staff records',
      'Staff movement',
      'Industrial relations',
      'Announcements and staff information',
      'IT admin',
    ]);
    // Every action, grouped by its area, until an area is chosen.
    expect(options('Action')).toContain('Holidays imported');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Account disabled');
    await userEvent.selectOptions(screen.getByLabelText('Area'), 'Sign-in');
    expect(options('Action')).toEqual(['All actions of Sign-in', 'Signed in', 'Signed out', 'Sign-in refused']);
    // The action chosen before is not one of this area's: it is cleared, not sent.
    expect(screen.getByLabelText('Action')).toHaveValue('');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Sign-in refused');
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery())).toEqual({ area: 'sign-in', action: 'LoginFailed', limit: '50' }),
    );
    expect(await screen.findByText('1 entry shown')).toBeInTheDocument();
    expect(search().get('area')).toBe('sign-in');
    expect(search().get('action')).toBe('LoginFailed');
  });

  it('sends every filter to the API and keeps them in the URL', async () => {
    const api = stubItAdminApi({ activity: [auditEntry(), logEntry()] });
    const lastQuery = () => api.callsTo('GET', '/it-admin/activity').at(-1)!.query;
    renderItAdmin();
    await screen.findByRole('table', { name: 'Activity' });
    expect(screen.getByText('2 entries shown')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('User (id or start of e-mail)'), 'it.admin');
    await userEvent.selectOptions(screen.getByLabelText('Source'), 'audit');
    await userEvent.selectOptions(screen.getByLabelText('Area'), 'Access control');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Account disabled');
    await userEvent.type(screen.getByLabelText('From'), '01/03/2026');
    await userEvent.type(screen.getByLabelText('To'), '31/03/2026');
    await userEvent.type(screen.getByLabelText('Search'), '  hafiz ');

    await waitFor(() =>
      expect(Object.fromEntries(lastQuery())).toEqual({
        user: 'it.admin',
        source: 'audit',
        area: 'access-control',
        action: 'account.disable',
        from: '2026-03-01',
        to: '2026-03-31',
        q: 'hafiz',
        limit: '50',
      }),
    );
    expect(await screen.findByText('1 entry shown')).toBeInTheDocument();
    expect(search().get('user')).toBe('it.admin');
    expect(search().get('source')).toBe('audit');
    expect(search().get('from')).toBe('2026-03-01');
    expect(search().get('to')).toBe('2026-03-31');

    // Cleared: the unfiltered list again (as the first call asked for it), and a bare URL.
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('2 entries shown')).toBeInTheDocument();
    expect(screen.getByLabelText('User (id or start of e-mail)')).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(search().toString()).toBe('');
  });

  it('takes its filters from the URL', async () => {
    const api = stubItAdminApi({ activity: [logEntry()] });
    renderItAdmin('?source=log&q=home&source=bogus');
    await screen.findByRole('table', { name: 'Activity' });
    expect(screen.getByLabelText('Source')).toHaveValue('log');
    expect(screen.getByLabelText('Search')).toHaveValue('home');
    expect(api.callsTo('GET', '/it-admin/activity')[0]!.query.toString()).toBe('source=log&q=home&limit=50');
  });

  it('keeps a date out of the URL until it is whole, and flags it meanwhile without emptying it', async () => {
    const api = stubItAdminApi({ activity: [auditEntry()] });
    renderItAdmin();
    await screen.findByRole('table', { name: 'Activity' });
    await userEvent.type(screen.getByLabelText('From'), '10/03');
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('From')).toHaveValue('10/03');
    expect(search().get('from')).toBeNull();
    expect(api.calls.some((call) => call.query.has('from'))).toBe(false);
    await userEvent.type(screen.getByLabelText('From'), '/2026');
    expect(search().get('from')).toBe('2026-03-10');
    await waitFor(() => expect(api.callsTo('GET', '/it-admin/activity').at(-1)!.query.get('from')).toBe('2026-03-10'));
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'false');
  });

  it('on a phone shows the search and folds the other filters, saying how many are set', async () => {
    setViewportWidth(375);
    stubItAdminApi({ activity: [logEntry()] });
    renderItAdmin('?source=log&area=sign-in&q=home');
    await screen.findByRole('table', { name: 'Activity' });
    const form = screen.getByRole('search', { name: 'Filter the activity' });
    expect(within(form).getByLabelText('Search')).toHaveValue('home');
    expect(within(form).queryByLabelText('User (id or start of e-mail)')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Source')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('From')).not.toBeInTheDocument();
    // Clear and the export stay in reach.
    expect(within(form).getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();

    await userEvent.click(within(form).getByRole('button', { name: 'Filters (2 set)' }));
    expect(within(form).getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(form).getByLabelText('Source')).toHaveValue('log');
    expect(within(form).getByLabelText('Area')).toHaveValue('sign-in');
    expect(within(form).getByLabelText('User (id or start of e-mail)')).toHaveValue('');
  });

  it('refuses an end date before the start at its field, and asks nothing for it', async () => {
    const api = stubItAdminApi({ activity: [auditEntry()] });
    renderItAdmin();
    await screen.findByRole('table', { name: 'Activity' });
    await userEvent.type(screen.getByLabelText('From'), '10/03/2026');
    await userEvent.type(screen.getByLabelText('To'), '01/03/2026');
    expect(await screen.findByText('The end date cannot be before the start date.')).toBeInTheDocument();
    expect(api.calls.some((call) => call.query.get('to') === '2026-03-01')).toBe(false);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('loads the next page with the last page’s cursor as after', async () => {
    const api = stubItAdminApi({ activity: manyEntries(60) });
    renderItAdmin();
    await screen.findByRole('table', { name: 'Activity' });
    expect(bodyRows('Activity')).toHaveLength(50);
    expect(screen.getByText('50 entries shown')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(bodyRows('Activity')).toHaveLength(60));
    const calls = api.callsTo('GET', '/it-admin/activity');
    expect(calls).toHaveLength(2);
    // The 50th entry of the first page.
    expect(calls[1]!.query.get('after')).toBe('audit:951');
    expect(screen.getByText('60 entries shown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows new activity by itself on the first page, and leaves a longer list alone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const activity = manyEntries(60);
      const api = stubItAdminApi({ activity });
      renderItAdmin();
      await screen.findByRole('table', { name: 'Activity' });
      activity.unshift(auditEntry({ id: 'audit:2000', at: '2026-03-05T07:00:00.000Z', action: 'account.enable' }));
      await vi.advanceTimersByTimeAsync(30_000);
      await within(screen.getByRole('table', { name: 'Activity' })).findByText('Account enabled');
      expect(api.callsTo('GET', '/it-admin/activity')).toHaveLength(2);

      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(bodyRows('Activity')).toHaveLength(61));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(api.callsTo('GET', '/it-admin/activity')).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens a change with its before and after side by side, the changed fields marked', async () => {
    stubItAdminApi({ activity: [auditEntry(), logEntry()] });
    renderItAdmin();
    await userEvent.click(
      await screen.findByRole('button', {
        name: `Show the details of Account disabled by ${ADMIN_EMAIL} at 05/03/2026 14:07`,
      }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Account disabled' });
    expect(fact(drawer, 'Time')).toBe('05/03/2026 14:07:00');
    expect(fact(drawer, 'User')).toBe('-');
    expect(fact(drawer, 'E-mail')).toBe(ADMIN_EMAIL);
    expect(fact(drawer, 'Area')).toBe('Access control');
    expect(fact(drawer, 'Target')).toBe('hafiz@staffportal.example');
    expect(fact(drawer, 'Target id')).toBe(HAFIZ_ID);
    const comparison = within(drawer).getByRole('table', { name: 'Before and after' });
    const rows = within(comparison).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['true', 'false'],
      ['["HR"]', '["HR"]'],
      ['CONFIRMED', 'CONFIRMED'],
    ]);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('enabledChanged');
    expect(rows[0]).toHaveAttribute('data-changed', 'true');
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent(/^departments$/);
    expect(rows[1]).toHaveAttribute('data-changed', 'false');
    expect(within(drawer).getByText('1 field changed')).toBeInTheDocument();

    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A sign-in shows the logging API's own fields; a click anywhere on the row opens it.
    await userEvent.click(screen.getByRole('cell', { name: 'SIGN_IN' }));
    const signIn = await screen.findByRole('dialog', { name: 'SIGN_IN' });
    expect(fact(signIn, 'User')).toBe('-');
    expect(fact(signIn, 'User id')).toBe(HAFIZ_ID);
    expect(fact(signIn, 'stream')).toBe('web');
    expect(fact(signIn, 'logDate')).toBe('2026-03-05 09:30:00');
    expect(within(signIn).queryByRole('table', { name: 'Before and after' })).not.toBeInTheDocument();
  });

  it('shows a creation with nothing before it', async () => {
    stubItAdminApi({
      activity: [auditEntry({ action: 'account.create', before: null, after: { email: 'new@staffportal.example' } })],
    });
    renderItAdmin();
    await userEvent.click(await screen.findByRole('cell', { name: 'Account created' }));
    const drawer = await screen.findByRole('dialog', { name: 'Account created' });
    const [row] = within(within(drawer).getByRole('table', { name: 'Before and after' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['(none)', 'new@staffportal.example']);
    expect(row).toHaveAttribute('data-changed', 'true');
  });

  it('exports the filtered activity as CSV with the signed-in token', async () => {
    const api = stubItAdminApi({ activity: [auditEntry(), logEntry()] });
    const downloads = captureDownloads();
    renderItAdmin('?source=audit&area=access-control&from=2026-03-01', {
      getToken: () => Promise.resolve('token-of-the-admin'),
    });
    await screen.findByRole('table', { name: 'Activity' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const calls = api.callsTo('GET', '/it-admin/activity.csv');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query.toString()).toBe('source=audit&area=access-control&from=2026-03-01');
    const [, init] = vi
      .mocked(fetch)
      .mock.calls.find(([input]) => typeof input === 'string' && input.includes('activity.csv'))!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-of-the-admin');
    expect(await blobText(downloads[0]!)).toBe('at,action\r\n2026-03-05T06:07:00.000Z,account.disable');
    expect(await screen.findByText('The activity was downloaded as CSV.')).toBeInTheDocument();
  });

  it('says why an export was refused', async () => {
    stubItAdminApi({
      activity: [auditEntry()],
      overrides: {
        'GET /it-admin/activity.csv': () => refuse(new AppError('FORBIDDEN', 'Only IT admins may export.')),
      },
    });
    captureDownloads();
    renderItAdmin();
    await screen.findByRole('table', { name: 'Activity' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only IT admins may export.');
  });

  it('says when nothing matches', async () => {
    stubItAdminApi({ activity: [] });
    renderItAdmin();
    expect(await screen.findByText('No activity matches these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Activity' })).not.toBeInTheDocument();
  });
});

describe('ITAdminPage: system status', () => {
  it('shows every figure readably, and Refresh asks again', async () => {
    const api = stubItAdminApi({ status: systemStatus() });
    renderItAdmin('?tab=status');
    const card = async (name: string) => screen.findByRole('region', { name });
    const application = await card('Application');
    expect(fact(application, 'Version')).toBe('1.4.2');
    expect(fact(application, 'Commit')).toBe('a1b2c3d');
    expect(fact(application, 'Started')).toBe('01/03/2026 08:00');
    expect(fact(application, 'Up for')).toBe('2 days, 3 hours, 4 minutes');
    const database = await card('Database');
    expect(fact(database, 'Engine')).toBe('PostgreSQL');
    expect(fact(database, 'Size')).toBe('50.0 MB');
    expect(fact(database, 'Migrations applied')).toBe('19');
    expect(fact(database, 'Latest migration')).toBe('0018_activity-explorer');
    const identity = await card('Identity');
    expect(fact(identity, 'Mode')).toBe('Embedded identity service');
    expect(fact(identity, 'User pool id')).toBe('ap-southeast-1_StaffPortal');
    const mail = await card('Mail');
    expect(fact(mail, 'Mode')).toBe('Sent through SMTP');
    expect(fact(mail, 'Last delivery error')).toBe('550 mailbox unavailable');
    expect(fact(mail, 'Last delivery error at')).toBe('05/03/2026 11:00');
    const outbox = await card('Outbox');
    expect(fact(outbox, 'Waiting to be sent')).toBe('2');
    expect(fact(outbox, 'Failed')).toBe('1');
    const cache = await card('Read cache');
    expect(fact(cache, 'Hits')).toBe('875');
    expect(fact(cache, 'Misses')).toBe('125');
    expect(fact(cache, 'Hit rate')).toBe('87.5%');

    expect(api.callsTo('GET', '/it-admin/status')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.callsTo('GET', '/it-admin/status')).toHaveLength(2));
  });

  it('says what is unknown, and counts one of each in the singular', async () => {
    stubItAdminApi({
      status: systemStatus({
        commit: null,
        uptimeSeconds: 86_400 + 3_600 + 60,
        database: { engine: 'pglite', sizeBytes: null, migrations: 19, latestMigration: null },
        mail: { mode: 'outbox', lastDeliveryError: null, lastDeliveryErrorAt: null },
        readCache: { hits: 0, misses: 0, hitRate: null },
      }),
    });
    renderItAdmin('?tab=status');
    const application = await screen.findByRole('region', { name: 'Application' });
    expect(fact(application, 'Commit')).toBe('Unknown');
    expect(fact(application, 'Up for')).toBe('1 day, 1 hour, 1 minute');
    const database = screen.getByRole('region', { name: 'Database' });
    expect(fact(database, 'Engine')).toBe('PGlite (embedded)');
    expect(fact(database, 'Size')).toBe('Unknown');
    const mail = screen.getByRole('region', { name: 'Mail' });
    expect(fact(mail, 'Mode')).toBe('Outbox only (nothing is sent)');
    expect(fact(mail, 'Last delivery error')).toBe('No delivery has failed.');
    expect(fact(screen.getByRole('region', { name: 'Read cache' }), 'Hit rate')).toBe('No reads yet');
  });
});

describe('ITAdminPage: outbox', () => {
  it('lists the messages with their state, attempts and last error, and filters them', async () => {
    const api = stubItAdminApi({ outbox: [DELIVERED, FAILED, SMS] });
    const lastQuery = () => api.callsTo('GET', '/it-admin/outbox').at(-1)!.query;
    renderItAdmin('?tab=outbox');
    await screen.findByRole('table', { name: 'Outbox' });
    expect(
      bodyRows('Outbox').map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['05/03/2026 12:00', 'Text message', '+60123456789', '(no subject)', 'Kept (not sent)', '0', '-', ''],
      [
        '05/03/2026 11:00',
        'E-mail',
        'priya@staffportal.example',
        'Your temporary password',
        'Failed',
        '3',
        '550 mailbox unavailable',
        'Retry now',
      ],
      ['05/03/2026 10:00', 'E-mail', 'hafiz@staffportal.example', 'Your verification code', 'Delivered', '1', '-', ''],
    ]);
    expect(lastQuery().toString()).toBe('limit=50');

    await userEvent.type(screen.getByLabelText('Recipient (start of address or number)'), 'priya');
    await userEvent.selectOptions(screen.getByLabelText('State'), 'failed');
    await waitFor(() => expect(lastQuery().toString()).toBe('recipient=priya&state=failed&limit=50'));
    await waitFor(() => expect(bodyRows('Outbox')).toHaveLength(1));
    expect(search().get('recipient')).toBe('priya');
    expect(search().get('state')).toBe('failed');
    expect(search().get('tab')).toBe('outbox');
  });

  it('loads the next page with the last id as before', async () => {
    const messages = Array.from({ length: 60 }, (_, index) =>
      outboxMessage({ id: index + 1, subject: `Message ${index + 1}` }),
    );
    const api = stubItAdminApi({ outbox: messages });
    renderItAdmin('?tab=outbox');
    await screen.findByRole('table', { name: 'Outbox' });
    expect(bodyRows('Outbox')).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(bodyRows('Outbox')).toHaveLength(60));
    expect(api.callsTo('GET', '/it-admin/outbox')[1]!.query.get('before')).toBe('11');
    expect(screen.getByText('60 messages shown')).toBeInTheDocument();
  });

  it('warns that opening a message is recorded, and asks for its text only once confirmed', async () => {
    const api = stubItAdminApi({ outbox: [DELIVERED, FAILED], bodies: { 42: 'Your temporary password is Xy7!pq2#' } });
    const opened = () => api.callsTo('GET', '/it-admin/outbox/42');
    renderItAdmin('?tab=outbox');
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Open the message Your temporary password to priya@staffportal.example',
      }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Your temporary password' });
    expect(within(dialog).getByText('Opening a message is recorded in the audit trail')).toBeInTheDocument();
    expect(fact(dialog, 'Recipient')).toBe('priya@staffportal.example');
    expect(fact(dialog, 'Last error')).toBe('550 mailbox unavailable');
    expect(within(dialog).queryByText(/Xy7!pq2#/)).not.toBeInTheDocument();
    expect(opened()).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Open the message' }));
    expect(await within(dialog).findByText('Your temporary password is Xy7!pq2#')).toBeInTheDocument();
    expect(opened()).toHaveLength(1);
    expect(within(dialog).queryByText('Opening a message is recorded in the audit trail')).not.toBeInTheDocument();
    // The button pressed is gone; the focus is on the text, not lost to the page.
    expect(within(dialog).getByRole('region', { name: 'Text of the message' })).toHaveFocus();

    // Closed and opened again: it asks again, and the text is asked for (and recorded) again.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('cell', { name: 'priya@staffportal.example' }));
    dialog = await screen.findByRole('dialog', { name: 'Your temporary password' });
    expect(within(dialog).getByText('Opening a message is recorded in the audit trail')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Xy7!pq2#/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opened()).toHaveLength(1);
  });

  it('Retry now posts the retry and refreshes the list', async () => {
    const api = stubItAdminApi({ outbox: [DELIVERED, FAILED] });
    renderItAdmin('?tab=outbox');
    await screen.findByRole('table', { name: 'Outbox' });
    // Only what has not been delivered can be sent again.
    expect(screen.getAllByRole('button', { name: /^Retry now/ })).toHaveLength(1);
    const listCalls = api.callsTo('GET', '/it-admin/outbox').length;
    await userEvent.click(
      screen.getByRole('button', { name: 'Retry now: Your temporary password to priya@staffportal.example' }),
    );
    await waitFor(() => expect(api.callsTo('POST', '/it-admin/outbox/42/retry')).toHaveLength(1));
    expect(await screen.findByText('The message was sent.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/it-admin/outbox').length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Retry now/ })).not.toBeInTheDocument());
    expect(within(bodyRows('Outbox')[0]!).getByText('Delivered')).toBeInTheDocument();
    // Retrying opens nothing: the text was not asked for.
    expect(api.callsTo('GET', '/it-admin/outbox/42')).toHaveLength(0);
  });

  it('shows why a retry was refused', async () => {
    const api = stubItAdminApi({
      outbox: [FAILED],
      overrides: {
        'POST /it-admin/outbox/:id/retry': () =>
          refuse(
            new AppError('CONFLICT', 'This server keeps e-mail in the outbox and sends none (SMTP_URL is not set).'),
          ),
      },
    });
    renderItAdmin('?tab=outbox');
    await userEvent.click(await screen.findByRole('button', { name: /^Retry now/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This server keeps e-mail in the outbox and sends none (SMTP_URL is not set).',
    );
    expect(api.callsTo('POST', '/it-admin/outbox/42/retry')).toHaveLength(1);
    expect(within(bodyRows('Outbox')[0]!).getByText('Failed')).toBeInTheDocument();
  });
});

describe('ITAdminPage in Bahasa Malaysia', () => {
  it('shows the page, its lists and the status in Malay', async () => {
    stubItAdminApi({ activity: [auditEntry()], outbox: [FAILED], status: systemStatus() });
    await changeLanguage('ms');
    try {
      renderItAdmin();
      expect(await screen.findByRole('heading', { level: 1, name: 'Pentadbiran IT' })).toBeInTheDocument();
      const activity = await screen.findByRole('table', { name: 'Aktiviti' });
      expect(within(activity).getByRole('columnheader', { name: 'Masa' })).toBeInTheDocument();
      expect(within(activity).getByText('Perubahan')).toBeInTheDocument();
      expect(within(activity).getByText('Kawalan akses')).toBeInTheDocument();
      expect(within(activity).getByText('Akaun dinyahdayakan')).toBeInTheDocument();
      expect(screen.getByText('1 catatan dipaparkan')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Eksport CSV' })).toBeInTheDocument();
      expect(screen.getByLabelText('Pengguna (id atau permulaan e-mel)')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('tab', { name: 'Status sistem' }));
      const application = await screen.findByRole('region', { name: 'Aplikasi' });
      expect(fact(application, 'Masa beroperasi')).toBe('2 hari, 3 jam, 4 minit');
      expect(fact(screen.getByRole('region', { name: 'Pangkalan data' }), 'Saiz')).toBe('50.0 MB');

      await userEvent.click(screen.getByRole('tab', { name: 'Peti keluar' }));
      const outbox = await screen.findByRole('table', { name: 'Peti keluar' });
      expect(within(outbox).getByText('Gagal')).toBeInTheDocument();
      await userEvent.click(within(outbox).getByRole('button', { name: /^Buka mesej/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Your temporary password' });
      expect(within(dialog).getByText('Membuka mesej direkodkan dalam jejak audit')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
