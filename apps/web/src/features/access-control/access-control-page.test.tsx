import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppError } from '@staff-portal/shared/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { refuse } from '../../test/leave-api-double';
import { stubAccessControlApi } from './test/access-control-double';
import type { StaffRecordCreator } from './components/staff-record-section';
import {
  AZMAN,
  DEPARTMENTS,
  HAFIZ,
  PRIYA,
  TAN,
  account,
  auditEntry,
  departmentLabel,
  everyone,
  staffRecord,
} from './test/access-control-fixtures';
import { currentSearch, hrAdmin, itAdmin, renderAccessControl } from './test/render-access-control';

afterEach(() => vi.unstubAllGlobals());

const table = () => screen.getByRole('table', { name: 'Accounts' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const search = () => currentSearch(screen.getByTestId('search'));
const drawer = (name: string) => screen.findByRole('dialog', { name });

describe('AccessControlPage: the accounts list', () => {
  it('lists the accounts with their departments, status and access; a row opens the account', async () => {
    const api = stubAccessControlApi({ accounts: everyone });
    renderAccessControl();
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Control' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Accounts' });
    expect(screen.getByText('4 accounts')).toBeInTheDocument();
    // Sorted by e-mail, ascending, by default.
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      AZMAN.email,
      HAFIZ.email,
      PRIYA.email,
      TAN.email,
    ]);
    const azman = bodyRows()[0]!;
    expect(azman).toHaveTextContent('Password reset required');
    expect(azman).toHaveTextContent('Disabled');
    expect(azman).toHaveTextContent('ITAdmin');
    const priya = bodyRows()[2]!;
    expect(priya).toHaveTextContent('Must choose a password');
    expect(priya).toHaveTextContent('Enabled');
    // Dates day first, in the organisation's zone.
    expect(bodyRows()[3]).toHaveTextContent('03 Nov 2025');
    expect(bodyRows()[3]).toHaveTextContent('01 Mar 2026');
    expect(api.callsTo('GET', '/access-control/accounts')[0]!.query.toString()).toBe(
      'sort=email&order=asc&page=1&pageSize=25',
    );

    await userEvent.click(screen.getByRole('link', { name: 'Open the account of Tan Mei Ling' }));
    expect(await drawer('Tan Mei Ling')).toBeInTheDocument();
    expect(search().get('account')).toBe(TAN.username);
  });

  it('sends the search, department, status and sort to the API and keeps them in the URL', async () => {
    const api = stubAccessControlApi({ accounts: everyone });
    const lastQuery = () => api.callsTo('GET', '/access-control/accounts').at(-1)!.query;
    renderAccessControl();
    await screen.findByRole('table', { name: 'Accounts' });

    await userEvent.type(screen.getByLabelText('Search by e-mail or name'), 'p');
    await waitFor(() => expect(lastQuery().get('search')).toBe('p'));
    await waitFor(() => expect(screen.getByText('1 account')).toBeInTheDocument());
    expect(bodyRows()[0]).toHaveTextContent('Priya Nair');
    await userEvent.clear(screen.getByLabelText('Search by e-mail or name'));
    // Back to the unfiltered list (answered from the cache: it was asked for at first).
    await waitFor(() => expect(screen.getByText('4 accounts')).toBeInTheDocument());
    expect(search().has('search')).toBe(false);

    // Departments are offered by code and name, and asked for by code.
    expect(within(screen.getByLabelText('Department')).getByRole('option', { name: 'CLUB – Staff Club' })).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Department'), 'HR – Human Resources');
    await waitFor(() => expect(lastQuery().get('department')).toBe('HR'));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'CONFIRMED');
    await waitFor(() => expect(lastQuery().get('status')).toBe('CONFIRMED'));
    await waitFor(() => expect(screen.getByText('2 accounts')).toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Created' }));
    await waitFor(() => expect(lastQuery().get('sort')).toBe('created'));
    expect(lastQuery().get('order')).toBe('asc');
    await userEvent.click(screen.getByRole('button', { name: 'Created' }));
    await waitFor(() => expect(lastQuery().get('order')).toBe('desc'));
    expect(screen.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() =>
      expect(bodyRows().map((row) => within(row).getByRole('link').textContent)).toEqual([HAFIZ.name, TAN.name]),
    );

    await userEvent.type(screen.getByLabelText('Search by e-mail or name'), 'Tan');
    await waitFor(() => expect(lastQuery().get('search')).toBe('Tan'));
    expect(Object.fromEntries(lastQuery())).toEqual({
      search: 'Tan',
      department: 'HR',
      status: 'CONFIRMED',
      sort: 'created',
      order: 'desc',
      page: '1',
      pageSize: '25',
    });
    expect(Object.fromEntries(search())).toEqual({
      search: 'Tan',
      department: 'HR',
      status: 'CONFIRMED',
      sort: 'created',
      order: 'desc',
    });
  });

  it('pages on the server, 25, 50 or 100 a page, and keeps the page in the URL', async () => {
    const many = Array.from({ length: 60 }, (_, index) =>
      account({
        username: `0b6f6c1e-1c1f-4c4e-9f55-${String(index).padStart(12, '0')}`,
        email: `staff${String(index).padStart(2, '0')}@staffportal.example`,
        name: `Staff ${String(index).padStart(2, '0')}`,
      }),
    );
    const api = stubAccessControlApi({ accounts: many });
    const lastQuery = () => api.callsTo('GET', '/access-control/accounts').at(-1)!.query;
    renderAccessControl();
    await screen.findByRole('table', { name: 'Accounts' });
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Go to the next page' }));
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));
    expect(lastQuery().get('pageSize')).toBe('25');
    expect(await screen.findByText('26–50 of 60')).toBeInTheDocument();
    expect(search().get('page')).toBe('2');

    // A new page size starts again at the first page.
    await userEvent.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['25', '50', '100']);
    await userEvent.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(lastQuery().get('pageSize')).toBe('50'));
    expect(lastQuery().get('page')).toBe('1');
    expect(await screen.findByText('1–50 of 60')).toBeInTheDocument();
    expect(Object.fromEntries(search())).toEqual({ pageSize: '50' });
  });

  it('opens a linked list as the link says, and says so when nothing matches', async () => {
    const api = stubAccessControlApi({ accounts: everyone });
    renderAccessControl('?search=nobody&department=IR&status=DISABLED&sort=name&order=desc&page=2&pageSize=100');
    expect(await screen.findByText('No accounts match.')).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('GET', '/access-control/accounts')[0]!.query)).toEqual({
      search: 'nobody',
      department: 'IR',
      status: 'DISABLED',
      sort: 'name',
      order: 'desc',
      page: '2',
      pageSize: '100',
    });
    expect(screen.getByLabelText('Search by e-mail or name')).toHaveValue('nobody');
    expect(screen.getByLabelText('Department')).toHaveValue('IR');
    expect(screen.getByLabelText('Status')).toHaveValue('DISABLED');
  });
});

describe('AccessControlPage: a new account', () => {
  it('refuses a bad e-mail at the field and sends nothing', async () => {
    const api = stubAccessControlApi({ accounts: everyone });
    renderAccessControl();
    await userEvent.click(await screen.findByRole('button', { name: 'New account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New account' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'not-an-e-mail');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Siti Aminah');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create and send invitation' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /E-mail/ })).toHaveAccessibleDescription(
        'Enter an e-mail address, such as name@example.org.',
      ),
    );
    expect(api.callsTo('POST', '/access-control/accounts')).toHaveLength(0);
  });

  it('invites the colleague, says so, refreshes the list and opens the new account', async () => {
    const api = stubAccessControlApi({ accounts: everyone });
    renderAccessControl();
    await screen.findByRole('table', { name: 'Accounts' });
    await userEvent.click(screen.getByRole('button', { name: 'New account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New account' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), ' Siti.Aminah@StaffPortal.example ');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Siti Aminah');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: departmentLabel('IR') }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: departmentLabel('HR') }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create and send invitation' }));

    expect(await screen.findByText('Invitation sent to siti.aminah@staffportal.example.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/access-control/accounts')[0]!.body).toEqual({
      email: 'siti.aminah@staffportal.example',
      name: 'Siti Aminah',
      departments: ['HR', 'IR'],
    });
    const opened = await drawer('Siti Aminah');
    expect(within(opened).getByText('Not yet')).toBeInTheDocument();
    expect(search().get('account')).toMatch(/^0b6f6c1e-/);
    await waitFor(() => expect(screen.getByText('5 accounts')).toBeInTheDocument());
  });

  it("shows the server's refusal of an e-mail that has an account under the e-mail", async () => {
    stubAccessControlApi({
      accounts: everyone,
      overrides: {
        'POST /access-control/accounts': () =>
          refuse(
            // As the server answers it: the e-mail is the one just sent, not a param.
            new AppError('CONFLICT', 'There is already an account with this e-mail.', {
              field: 'email',
              detail: { reason: 'accountExists', params: {} },
            }),
          ),
      },
    });
    renderAccessControl();
    await userEvent.click(await screen.findByRole('button', { name: 'New account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New account' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), HAFIZ.email);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Hafiz again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create and send invitation' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /E-mail/ })).toHaveAccessibleDescription(
        `There is already an account with the e-mail ${HAFIZ.email}.`,
      ),
    );
    expect(screen.getByRole('dialog', { name: 'New account' })).toBeInTheDocument();
  });

  it('offers HRAdmin and ITAdmin only to an ITAdmin', async () => {
    stubAccessControlApi({ accounts: everyone });
    const { unmount } = renderAccessControl('', hrAdmin);
    await userEvent.click(await screen.findByRole('button', { name: 'New account' }));
    let dialog = await screen.findByRole('dialog', { name: 'New account' });
    await within(dialog).findByRole('checkbox', { name: departmentLabel('HR') });
    expect(within(dialog).queryByRole('checkbox', { name: departmentLabel('HRAdmin') })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: departmentLabel('ITAdmin') })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Only ITAdmin can grant HRAdmin and ITAdmin.')).toBeInTheDocument();
    unmount();

    renderAccessControl('', itAdmin);
    await userEvent.click(await screen.findByRole('button', { name: 'New account' }));
    dialog = await screen.findByRole('dialog', { name: 'New account' });
    expect(await within(dialog).findByRole('checkbox', { name: departmentLabel('HRAdmin') })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: departmentLabel('ITAdmin') })).toBeInTheDocument();
  });
});

describe('AccessControlPage: one account', () => {
  it('shows the account from its link, with its recent activity, and closes back to the list', async () => {
    stubAccessControlApi({
      accounts: everyone,
      details: {
        [HAFIZ.username]: {
          audit: [
            auditEntry({
              id: '3',
              action: 'account.reset-password',
              at: '2026-03-03T06:05:00.000Z',
              before: { enabled: true, status: 'CONFIRMED' },
              after: { enabled: true, status: 'RESET_REQUIRED' },
            }),
            auditEntry({
              id: '2',
              action: 'departments',
              at: '2026-03-02T06:05:00.000Z',
              before: { departments: ['HR'] },
              after: { departments: ['HR', 'IR'] },
            }),
            auditEntry({ id: '1', action: 'create', at: '2026-01-05T02:00:00.000Z', actorEmail: null }),
          ],
        },
      },
    });
    renderAccessControl(`?status=CONFIRMED&account=${HAFIZ.username}`);
    const opened = await drawer('Muhammad Hafiz');
    expect(within(opened).getByRole('heading', { level: 2, name: 'Muhammad Hafiz' })).toBeInTheDocument();
    expect(within(opened).getByText(HAFIZ.email)).toBeInTheDocument();
    expect(within(opened).getByText('Confirmed')).toBeInTheDocument();
    const activity = within(opened).getByRole('region', { name: 'Recent activity' });
    const [reset, ...entries] = within(activity).getAllByRole('listitem');
    // A reset says the status it left.
    expect(reset).toHaveTextContent('Password reset');
    expect(reset).toHaveTextContent('Confirmed → Password reset required');
    expect(entries[0]).toHaveTextContent('Departments changed');
    expect(entries[0]).toHaveTextContent('HR → HR, IR');
    expect(entries[0]).toHaveTextContent('02 Mar 2026, 2.05pm');
    expect(entries[0]).toHaveTextContent('by it.admin@staffportal.example');
    expect(entries[1]).toHaveTextContent('Account created');

    await userEvent.click(within(opened).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(search().get('account')).toBeNull();
    expect(search().get('status')).toBe('CONFIRMED');
  });

  it('saves the whole set of departments, and the account and list show it', async () => {
    const api = stubAccessControlApi({ accounts: everyone });
    renderAccessControl(`?account=${HAFIZ.username}`, itAdmin);
    const opened = await drawer('Muhammad Hafiz');
    const departments = within(opened).getByRole('group', { name: 'Departments' });
    for (const name of DEPARTMENTS) {
      expect(await within(departments).findByRole('checkbox', { name: departmentLabel(name) })).toBeEnabled();
    }
    expect(within(opened).queryByText('Greyed-out departments can be changed only by ITAdmin.')).toBeNull();
    expect(within(departments).getByRole('checkbox', { name: departmentLabel('HR') })).toBeChecked();
    const save = within(opened).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await userEvent.click(within(departments).getByRole('checkbox', { name: departmentLabel('IR') }));
    await userEvent.click(within(departments).getByRole('checkbox', { name: departmentLabel('HRAdmin') }));
    const detailsBefore = api.callsTo('GET', `/access-control/accounts/${HAFIZ.username}`).length;
    const listsBefore = api.callsTo('GET', '/access-control/accounts').length;
    await userEvent.click(save);

    // In the drawer, where a screen reader hears it (the modal drawer hides the notification), and in the notification.
    expect(await within(opened).findByRole('status')).toHaveTextContent('Departments of Muhammad Hafiz saved.');
    expect(screen.getAllByText('Departments of Muhammad Hafiz saved.')).toHaveLength(2);
    expect(api.callsTo('PUT', `/access-control/accounts/${HAFIZ.username}/departments`)[0]!.body).toEqual({
      departments: ['HR', 'HRAdmin', 'IR'],
    });
    await waitFor(() =>
      expect(api.callsTo('GET', `/access-control/accounts/${HAFIZ.username}`).length).toBeGreaterThan(detailsBefore),
    );
    expect(api.callsTo('GET', '/access-control/accounts').length).toBeGreaterThan(listsBefore);
    const row = screen.getByRole('link', { name: 'Open the account of Muhammad Hafiz', hidden: true }).closest('tr')!;
    await waitFor(() => expect(row).toHaveTextContent('HRAdmin'));
    expect(within(opened).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('leaves HRAdmin and ITAdmin disabled for an HRAdmin, and saves the rest around them', async () => {
    const api = stubAccessControlApi({
      accounts: everyone,
      details: { [TAN.username]: { grantable: DEPARTMENTS.filter((name) => !['HRAdmin', 'ITAdmin'].includes(name)) } },
    });
    renderAccessControl(`?account=${TAN.username}`, hrAdmin);
    const opened = await drawer('Tan Mei Ling');
    const departments = within(opened).getByRole('group', { name: 'Departments' });
    expect(await within(departments).findByRole('checkbox', { name: departmentLabel('IR') })).toBeEnabled();
    expect(within(departments).getByRole('checkbox', { name: departmentLabel('HRAdmin') })).toBeDisabled();
    expect(within(departments).getByRole('checkbox', { name: departmentLabel('HRAdmin') })).toBeChecked();
    expect(within(departments).getByRole('checkbox', { name: departmentLabel('ITAdmin') })).toBeDisabled();
    expect(departments).toHaveAccessibleDescription('Greyed-out departments can be changed only by ITAdmin.');

    await userEvent.click(within(departments).getByRole('checkbox', { name: departmentLabel('HR') }));
    await userEvent.click(within(opened).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/access-control/accounts/${TAN.username}/departments`)[0]?.body).toEqual({
        departments: ['HRAdmin'],
      }),
    );
  });

  const ACTIONS = [
    { button: 'Disable', title: 'Disable Priya Nair?', confirm: 'Disable account', path: 'disable' },
    {
      button: 'Reset password',
      title: 'Reset the password of Priya Nair?',
      confirm: 'Reset password',
      path: 'reset-password',
    },
    {
      button: 'Sign out everywhere',
      title: 'Sign Priya Nair out everywhere?',
      confirm: 'Sign out everywhere',
      path: 'sign-out',
    },
    {
      button: 'Resend invitation',
      title: `Resend the invitation to ${PRIYA.email}?`,
      confirm: 'Resend invitation',
      path: 'resend-invitation',
    },
  ];

  it.each(ACTIONS)('asks before "$button" and then calls its endpoint', async ({ button, title, confirm, path }) => {
    const api = stubAccessControlApi({ accounts: everyone, details: { [PRIYA.username]: { signedInOnce: false } } });
    renderAccessControl(`?account=${PRIYA.username}`);
    const opened = await drawer('Priya Nair');
    await userEvent.click(within(opened).getByRole('button', { name: button }));
    const asking = await screen.findByRole('dialog', { name: title });
    expect(asking).toHaveAccessibleDescription(/./);
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);

    await userEvent.click(within(asking).getByRole('button', { name: confirm }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/access-control/accounts/${PRIYA.username}/${path}`)).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(1);
  });

  it('enables a disabled account after asking, and cancelling asks nothing of the server', async () => {
    const api = stubAccessControlApi({ accounts: everyone });
    renderAccessControl(`?account=${AZMAN.username}`);
    const opened = await drawer('Azman Ismail');
    expect(within(opened).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    // Signed in before: disabled, never deleted; no invitation to resend.
    expect(within(opened).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(opened).queryByRole('button', { name: 'Resend invitation' })).not.toBeInTheDocument();

    await userEvent.click(within(opened).getByRole('button', { name: 'Enable' }));
    let asking = await screen.findByRole('dialog', { name: 'Enable Azman Ismail?' });
    await userEvent.click(within(asking).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enable Azman Ismail?' })).toBeNull());
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);

    await userEvent.click(within(opened).getByRole('button', { name: 'Enable' }));
    asking = await screen.findByRole('dialog', { name: 'Enable Azman Ismail?' });
    expect(asking).toHaveTextContent('They can sign in again with their password.');
    await userEvent.click(within(asking).getByRole('button', { name: 'Enable account' }));
    expect(await within(opened).findByRole('status')).toHaveTextContent('The account of Azman Ismail is enabled.');
    expect(api.callsTo('POST', `/access-control/accounts/${AZMAN.username}/enable`)).toHaveLength(1);
    // The account shows what the server now has: it can be disabled again.
    expect(await within(opened).findByRole('button', { name: 'Disable' })).toBeInTheDocument();
  });

  it('deletes an account that never signed in, after asking, and closes it', async () => {
    const api = stubAccessControlApi({ accounts: everyone, details: { [PRIYA.username]: { signedInOnce: false } } });
    renderAccessControl(`?account=${PRIYA.username}`);
    const opened = await drawer('Priya Nair');
    await userEvent.click(within(opened).getByRole('button', { name: 'Delete' }));
    const asking = await screen.findByRole('dialog', { name: 'Delete the account of Priya Nair?' });
    await userEvent.click(within(asking).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('The account of Priya Nair is deleted.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/access-control/accounts/${PRIYA.username}`)).toHaveLength(1);
    expect(search().get('account')).toBeNull();
    await waitFor(() => expect(screen.getByText('3 accounts')).toBeInTheDocument());
    // The deleted account is not asked for again (it would answer 404).
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("words the server's refusal of the last ITAdmin, and nothing changes", async () => {
    const lastAdmin = account({ ...AZMAN, enabled: true, status: 'CONFIRMED' });
    const api = stubAccessControlApi({
      accounts: [lastAdmin, HAFIZ],
      overrides: {
        'POST /access-control/accounts/:username/disable': () =>
          refuse(
            new AppError('FORBIDDEN', 'This is the last enabled ITAdmin account: it cannot be disabled.', {
              detail: { reason: 'lastItAdmin', params: {} },
            }),
          ),
      },
    });
    renderAccessControl(`?account=${lastAdmin.username}`);
    const opened = await drawer('Azman Ismail');
    await userEvent.click(within(opened).getByRole('button', { name: 'Disable' }));
    const asking = await screen.findByRole('dialog', { name: 'Disable Azman Ismail?' });
    await userEvent.click(within(asking).getByRole('button', { name: 'Disable account' }));
    const refusal = 'This is the last enabled ITAdmin account: it keeps ITAdmin and stays enabled.';
    expect(await within(opened).findByRole('alert')).toHaveTextContent(refusal);
    // The notification says it too.
    expect(screen.getAllByText(refusal)).toHaveLength(2);
    expect(api.callsTo('POST', `/access-control/accounts/${lastAdmin.username}/disable`)).toHaveLength(1);
    expect(screen.queryByText('The account of Azman Ismail is disabled.')).not.toBeInTheDocument();
    expect(within(opened).getByRole('button', { name: 'Disable' })).toBeInTheDocument();
    expect(within(opened).getByText('Enabled')).toBeInTheDocument();
  });

  it('offers an HRAdmin no action on an account that holds HRAdmin, and says why', async () => {
    const api = stubAccessControlApi({ accounts: everyone });
    renderAccessControl(`?account=${TAN.username}`, hrAdmin);
    const opened = await drawer('Tan Mei Ling');
    for (const name of ['Disable', 'Reset password', 'Sign out everywhere']) {
      expect(within(opened).getByRole('button', { name })).toBeDisabled();
    }
    expect(
      within(opened).getByText('Only ITAdmin can change an account that holds HRAdmin or ITAdmin.'),
    ).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('says so when the linked account does not exist', async () => {
    stubAccessControlApi({ accounts: everyone });
    renderAccessControl('?account=0b6f6c1e-1c1f-4c4e-9f55-00000000dead');
    const opened = await drawer('Account details');
    expect(await within(opened).findByText('There is no such account.')).toBeInTheDocument();
  });

  it('asks nothing for a link whose account is no account id', async () => {
    const api = stubAccessControlApi({ accounts: everyone });
    renderAccessControl('?account=not-an-id');
    const opened = await drawer('Account details');
    expect(within(opened).getByText('There is no such account.')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Accounts', hidden: true });
    expect(api.calls.filter((call) => call.path.startsWith('/access-control/accounts/'))).toHaveLength(0);
  });
});

describe('AccessControlPage in Bahasa Malaysia', () => {
  it('shows the page, the list and an account in Malay', async () => {
    stubAccessControlApi({ accounts: everyone });
    await changeLanguage('ms');
    try {
      renderAccessControl();
      expect(await screen.findByRole('heading', { level: 1, name: 'Kawalan Akses' })).toBeInTheDocument();
      const list = await screen.findByRole('table', { name: 'Akaun' });
      expect(within(list).getByRole('columnheader', { name: 'Nama' })).toBeInTheDocument();
      expect(within(list).getByRole('columnheader', { name: 'Kali terakhir diubah' })).toBeInTheDocument();
      expect(within(list).getAllByText('Disahkan').length).toBeGreaterThan(0);
      expect(within(list).getByText('Dinyahdayakan')).toBeInTheDocument();
      expect(screen.getByText('4 akaun')).toBeInTheDocument();
      expect(screen.getByLabelText('Cari mengikut e-mel atau nama')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Akaun baharu' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('link', { name: 'Buka akaun Priya Nair' }));
      const opened = await drawer('Priya Nair');
      expect(within(opened).getByText('Perlu memilih kata laluan')).toBeInTheDocument();
      expect(within(opened).getByRole('button', { name: 'Log keluar di semua tempat' })).toBeInTheDocument();
      expect(within(opened).getByRole('region', { name: 'Aktiviti terkini' })).toHaveTextContent(
        'Belum ada perubahan yang direkodkan.',
      );
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('AccessControlPage: the linked staff record', () => {
  const HAFIZ_RECORD = staffRecord({ staffId: 'LVUSR0000000003', email: HAFIZ.email });
  const section = async (opened: HTMLElement) => within(opened).findByRole('region', { name: 'Staff record' });

  it('shows the linked record; Unlink asks for the record’s new e-mail and refuses the account’s own', async () => {
    const api = stubAccessControlApi({
      accounts: everyone,
      details: { [HAFIZ.username]: { staffRecord: HAFIZ_RECORD } },
    });
    renderAccessControl(`?account=${HAFIZ.username}`);
    const record = await section(await drawer('Muhammad Hafiz'));
    expect(record).toHaveTextContent('LVUSR0000000003');
    expect(record).toHaveTextContent('HR');
    expect(record).toHaveTextContent('Tan Mei Ling (LVUSR0000000002)');
    expect(within(record).queryByRole('button', { name: 'Create a staff record' })).not.toBeInTheDocument();

    await userEvent.click(within(record).getByRole('button', { name: 'Unlink' }));
    const asking = await screen.findByRole('dialog', { name: 'Unlink the staff record LVUSR0000000003?' });
    const email = within(asking).getByRole('textbox', { name: 'The record’s new e-mail' });
    // The account's own e-mail would link it again: refused here, nothing asked of the server.
    await userEvent.type(email, HAFIZ.email.toUpperCase());
    await userEvent.click(within(asking).getByRole('button', { name: 'Unlink record' }));
    expect(await within(asking).findByText('Enter an e-mail address other than this account’s.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/access-control/accounts/${HAFIZ.username}/staff-record`)).toHaveLength(0);

    await userEvent.clear(email);
    await userEvent.type(email, 'hafiz.old@staffportal.example');
    await userEvent.click(within(asking).getByRole('button', { name: 'Unlink record' }));
    await waitFor(() =>
      expect(api.callsTo('DELETE', `/access-control/accounts/${HAFIZ.username}/staff-record`)[0]?.body).toEqual({
        email: 'hafiz.old@staffportal.example',
      }),
    );
    expect(await within(record).findByText('No staff record is linked to this account.')).toBeInTheDocument();
    expect(screen.getAllByText('The staff record LVUSR0000000003 is unlinked.').length).toBeGreaterThan(0);
  });

  it('unlinks a record of another e-mail without asking for a new one', async () => {
    const other = staffRecord({ staffId: 'LVUSR0000000009', email: 'someone.else@staffportal.example' });
    const api = stubAccessControlApi({ accounts: everyone, details: { [HAFIZ.username]: { staffRecord: other } } });
    renderAccessControl(`?account=${HAFIZ.username}`);
    const opened = await drawer('Muhammad Hafiz');
    await userEvent.click(within(await section(opened)).getByRole('button', { name: 'Unlink' }));
    const asking = await screen.findByRole('dialog', { name: 'Unlink the staff record LVUSR0000000009?' });
    expect(within(asking).queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(within(asking).getByRole('button', { name: 'Unlink record' }));
    await waitFor(() =>
      expect(api.callsTo('DELETE', `/access-control/accounts/${HAFIZ.username}/staff-record`)[0]?.body).toEqual({}),
    );
    expect(await within(opened).findByText('No staff record is linked to this account.')).toBeInTheDocument();
  });

  it('offers the unlinked record with the account’s e-mail, and links it', async () => {
    const api = stubAccessControlApi({
      accounts: everyone,
      details: { [HAFIZ.username]: { suggestedStaffRecord: HAFIZ_RECORD } },
    });
    const createStaffRecord = vi.fn(() => null);
    renderAccessControl(`?account=${HAFIZ.username}`, itAdmin, { createStaffRecord });
    const record = await section(await drawer('Muhammad Hafiz'));
    expect(record).toHaveTextContent('The staff record LVUSR0000000003 (Muhammad Hafiz) has this account’s e-mail');
    // A second record could not have the account's e-mail: no Create while one is offered.
    expect(within(record).queryByRole('button', { name: 'Create a staff record' })).not.toBeInTheDocument();
    await userEvent.click(within(record).getByRole('button', { name: 'Link LVUSR0000000003' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/access-control/accounts/${HAFIZ.username}/staff-record`)[0]?.body).toEqual({
        staffId: 'LVUSR0000000003',
      }),
    );
    expect(await within(record).findByRole('button', { name: 'Unlink' })).toBeInTheDocument();
    expect(screen.getAllByText('The staff record LVUSR0000000003 is linked to Muhammad Hafiz.').length).toBeGreaterThan(
      0,
    );
  });

  it('words the server’s refusal of a link in the drawer, and nothing changes', async () => {
    stubAccessControlApi({
      accounts: everyone,
      details: { [HAFIZ.username]: { suggestedStaffRecord: HAFIZ_RECORD } },
      overrides: {
        'PUT /access-control/accounts/:username/staff-record': () =>
          refuse(
            new AppError('VALIDATION_ERROR', 'Linked elsewhere.', {
              field: 'staffId',
              detail: { reason: 'staffLinkedElsewhere', params: { staffId: 'LVUSR0000000003' } },
            }),
          ),
      },
    });
    renderAccessControl(`?account=${HAFIZ.username}`);
    const opened = await drawer('Muhammad Hafiz');
    await userEvent.click(within(await section(opened)).getByRole('button', { name: 'Link LVUSR0000000003' }));
    expect(
      await within(opened).findByText('The staff record LVUSR0000000003 is linked to another account.'),
    ).toBeInTheDocument();
    expect(within(opened).queryByRole('button', { name: 'Unlink' })).not.toBeInTheDocument();
  });

  it('creates a record through the given dialog, prefilled with the account, and shows it once created', async () => {
    const api = stubAccessControlApi({ accounts: everyone });
    const createStaffRecord = vi.fn<StaffRecordCreator>(({ open, onCreated }) =>
      open ? (
        <button type="button" onClick={() => onCreated({ staffId: 'LVUSR0000000042', displayName: 'Muhammad Hafiz' })}>
          fake create
        </button>
      ) : null,
    );
    renderAccessControl(`?account=${HAFIZ.username}`, itAdmin, { createStaffRecord });
    const record = await section(await drawer('Muhammad Hafiz'));
    await userEvent.click(within(record).getByRole('button', { name: 'Create a staff record' }));
    expect(createStaffRecord).toHaveBeenLastCalledWith(
      expect.objectContaining({ open: true, account: { sub: HAFIZ.username, email: HAFIZ.email, name: HAFIZ.name } }),
    );
    const reads = api.callsTo('GET', `/access-control/accounts/${HAFIZ.username}`).length;
    await userEvent.click(within(record).getByRole('button', { name: 'fake create' }));
    expect(await screen.findByText('Staff record LVUSR0000000042 created for Muhammad Hafiz.')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET', `/access-control/accounts/${HAFIZ.username}`).length).toBeGreaterThan(reads),
    );
  });

  it('offers no Create without a create dialog', async () => {
    stubAccessControlApi({ accounts: everyone });
    renderAccessControl(`?account=${HAFIZ.username}`);
    const record = await section(await drawer('Muhammad Hafiz'));
    expect(record).toHaveTextContent('No staff record is linked to this account.');
    expect(within(record).queryByRole('button', { name: 'Create a staff record' })).not.toBeInTheDocument();
  });
});
