import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readBulkCsv } from '@staff-portal/shared/access-control-csv';
import { AppError } from '@staff-portal/shared/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refuse, reply } from '../../test/leave-api-double';
import type { Handler } from '../../test/leave-api-double';
import { stubAccessControlApi } from './test/access-control-double';
import { HAFIZ, account, everyone } from './test/access-control-fixtures';
import { hrAdmin, renderAccessControl } from './test/render-access-control';

// Creating accounts from a CSV file on the Access Control page (docs/product/screens.md §14),
// against the API double: the preview with each row's problems, then the run and its report.

let blobs: Blob[];
beforeEach(() => {
  blobs = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:bulk';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// jsdom's Blob has no text(); FileReader reads it as a browser would.
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

const csv = (...lines: string[]) => new File([['email,name,departments', ...lines].join('\r\n')], 'staff.csv');

async function openWithFile(file: File) {
  await userEvent.click(await screen.findByRole('button', { name: 'Create from CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create accounts from a CSV file' });
  await userEvent.upload(within(dialog).getByLabelText('Choose a CSV file'), file);
  return dialog;
}

const rowsOf = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'Rows of the file' }))
    .getAllByRole('row')
    .slice(1);

/** A create that answers 201 with the new account, except where `refusals` says otherwise. */
function creating(refusals: Record<string, () => ReturnType<Handler>>): Handler {
  let n = 0;
  return ({ body }) => {
    const input = body as { email: string; name: string; departments: string[] };
    const refusal = refusals[input.email];
    if (refusal) return refusal();
    n += 1;
    return reply(201, account({ username: `0b6f6c1e-1c1f-4c4e-9f55-${String(900 + n).padStart(12, '0')}`, ...input }));
  };
}

describe('AccessControlPage: creating accounts from a CSV file', () => {
  it('previews each row with its problems and creates nothing until asked', async () => {
    const api = stubAccessControlApi({
      accounts: everyone,
      bulkActor: { id: hrAdmin.id, groups: hrAdmin.department },
    });
    renderAccessControl('', hrAdmin);
    const dialog = await openWithFile(
      csv(
        'aisyah@example.org,Aisyah Rahman,hr;UNION',
        'not-an-email,Bala,HR',
        `${HAFIZ.email.toUpperCase()},Hafiz,HR`,
        'farid@example.org,Farid,HRAdmin',
        'aisyah@example.org,Aisyah Again,HR',
        'devi@example.org,,Payroll',
      ),
    );

    await waitFor(() => expect(rowsOf(dialog)).toHaveLength(6));
    const [ready, badEmail, exists, protectedRow, duplicate, two] = rowsOf(dialog);
    expect(ready).toHaveTextContent('Ready');
    expect(ready).toHaveTextContent('HR, UNION');
    expect(badEmail).toHaveTextContent('Skipped: Enter an e-mail address, such as name@example.org.');
    expect(exists).toHaveTextContent(`Skipped: There is already an account with the e-mail ${HAFIZ.email}.`);
    expect(protectedRow).toHaveTextContent('Skipped: Only ITAdmin can grant or revoke HRAdmin.');
    expect(duplicate).toHaveTextContent('Skipped: This e-mail is already on line 2 of the file.');
    // A problem of a column names it; the department that is none is shown with the row.
    expect(within(two!).getAllByRole('cell')[3]).toHaveTextContent('Payroll (no such department)');
    expect(within(two!).getAllByRole('cell')[4]).toHaveTextContent(
      'Skipped: There is no department Payroll. Name is required.',
    );
    expect(within(dialog).getByText('1 of 6 rows will be created. Rows with a problem are skipped.')).toBeVisible();

    // The rows went as the file has them; nothing was created.
    const sent = api.callsTo('POST', '/access-control/accounts/bulk/preview')[0]!.body;
    const read = readBulkCsv(await readBlob(csv('aisyah@example.org,Aisyah Rahman,hr;UNION')));
    expect((sent as { rows: unknown[] }).rows[0]).toEqual(read.ok && read.rows[0]);
    expect(api.callsTo('POST', '/access-control/accounts')).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Create 1 account' })).toBeEnabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/access-control/accounts')).toHaveLength(0);
  });

  it('says why a file cannot be used', async () => {
    stubAccessControlApi({ accounts: everyone });
    renderAccessControl();
    await userEvent.click(await screen.findByRole('button', { name: 'Create from CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create accounts from a CSV file' });
    await userEvent.upload(
      within(dialog).getByLabelText('Choose a CSV file'),
      new File(['mail;name;departments\r\na@example.org;A;HR'], 'staff.csv'),
    );
    expect(
      await within(dialog).findByText(
        'The first line must be the header email,name,departments (separated by commas).',
      ),
    ).toBeVisible();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it('creates the ready rows one by one with a progress bar; a failure halfway leaves a report of each row', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const create = creating({
      'b@example.org': () =>
        refuse(
          new AppError('CONFLICT', 'There is already an account with the e-mail b@example.org.', {
            field: 'email',
            detail: { reason: 'accountExists', params: { email: 'b@example.org' } },
          }),
        ),
    });
    const api = stubAccessControlApi({
      accounts: everyone,
      overrides: {
        'POST /access-control/accounts': async (request) => {
          // The third waits, so that the bar can be seen halfway.
          if ((request.body as { email: string }).email === 'c@example.org') await held;
          return create(request);
        },
      },
    });
    renderAccessControl();
    const dialog = await openWithFile(
      csv('a@example.org,Anis,HR', 'b@example.org,Bala,IR', 'not-an-email,X,HR', 'c@example.org,Chong,UNION'),
    );
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Create 3 accounts' }));

    const bar = await within(dialog).findByRole('progressbar', { name: 'Accounts being created' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '67'));
    expect(within(dialog).getByText('Creating 2 of 3…')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Stop' })).toBeEnabled();
    release();

    expect(await within(dialog).findByText('2 created, 1 failed, 1 skipped, 0 not created.')).toBeVisible();
    const [a, b, skipped, c] = rowsOf(dialog);
    expect(a).toHaveTextContent('Created');
    expect(b).toHaveTextContent('Failed: There is already an account with the e-mail b@example.org.');
    expect(skipped).toHaveTextContent('Skipped: Enter an e-mail address');
    expect(c).toHaveTextContent('Created');
    expect(api.callsTo('POST', '/access-control/accounts').map((call) => call.body)).toEqual([
      { email: 'a@example.org', name: 'Anis', departments: ['HR'] },
      { email: 'b@example.org', name: 'Bala', departments: ['IR'] },
      { email: 'c@example.org', name: 'Chong', departments: ['UNION'] },
    ]);
    // A failed row is in the report, not in the notification too.
    expect(screen.queryByText(/There is already an account/, { selector: '.MuiSnackbar-root *' })).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Download the report (CSV)' }));
    expect(blobs).toHaveLength(1);
    const text = (await readBlob(blobs[0]!)).replace(/^\uFEFF/, '').split('\r\n');
    expect(text).toEqual([
      'line,email,name,departments,outcome,reason',
      '2,a@example.org,Anis,HR,created,',
      '3,b@example.org,Bala,IR,failed,There is already an account with the e-mail b@example.org.',
      '4,not-an-email,X,HR,skipped,"Enter an e-mail address, such as name@example.org."',
      '5,c@example.org,Chong,UNION,created,',
    ]);
  });

  it('stops when the identity service fails, and reports the rows after it as not created', async () => {
    const api = stubAccessControlApi({
      accounts: everyone,
      overrides: {
        'POST /access-control/accounts': creating({
          'b@example.org': () =>
            refuse(
              new AppError('NOT_READY', 'The identity service cannot be reached just now. Try again later.', {
                status: 503,
              }),
            ),
        }),
      },
    });
    renderAccessControl();
    const dialog = await openWithFile(csv('a@example.org,Anis,HR', 'b@example.org,Bala,IR', 'c@example.org,Chong,'));
    const listReads = api.callsTo('GET', '/access-control/accounts').length;
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Create 3 accounts' }));

    expect(await within(dialog).findByText('1 created, 1 failed, 0 skipped, 1 not created.')).toBeVisible();
    expect(
      within(dialog).getByText(
        'Creation stopped: The identity service cannot be reached just now. Try again later. The rows after it were not created.',
      ),
    ).toBeVisible();
    expect(rowsOf(dialog)[2]).toHaveTextContent('Not created: Creation stopped before this row.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is read again, to show the account created.
    expect(api.callsTo('GET', '/access-control/accounts').length).toBeGreaterThan(listReads);
  });
});
