import { AppError, validationError } from '@staff-portal/shared/errors';
import { staffDetailSchema } from '@staff-portal/shared/leave-admin';
import { createStaffInputSchema } from '@staff-portal/shared/staff-records';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { testUser } from '../../../test/auth';
import { reply, stubLeaveApi } from '../../../test/leave-api-double';
import type { Handler } from '../../../test/leave-api-double';
import { renderLeavePage } from '../../../test/render-leave';
import { LeaveAdminPage } from '../leave-admin-page';
import { AddStaffRecordDialog } from './add-staff-record-dialog';
import { everyone, TAN } from '../test/admin-fixtures';
import { enterText } from '../../../test/enter-text';

const PATH = '/shared/hr-services/leave/admin';
const admin = testUser({ department: ['HRAdmin'] });
const NEW_HIRE = {
  sub: '6f1c2a7e-3b8d-4c59-9e21-7a4b5c6d7e8f',
  email: 'new.hire@staffportal.example',
  name: 'New Hire',
};

function stub(routes: Record<string, Handler> = {}) {
  return stubLeaveApi({
    'GET /leave/admin/staff': ({ query }) => ({
      items: everyone,
      total: everyone.length,
      page: 1,
      pageSize: Number(query.get('pageSize') ?? 20),
    }),
    'GET /leave/admin/departments': () => [
      { code: 'HR', name: 'Human Resources' },
      { code: 'UNION', name: 'Organisation' },
    ],
    'GET /leave/admin/staff/accounts': ({ query }) =>
      (query.get('search') ?? '') === '' || 'new hire'.startsWith((query.get('search') ?? '').toLowerCase())
        ? [NEW_HIRE]
        : [],
    'POST /leave/admin/staff': ({ body }) => {
      const input = createStaffInputSchema.parse(body);
      return reply(
        201,
        staffDetailSchema.parse({
          ...input,
          leavingDate: null,
          staffId: 'LVUSR0000000008',
          approverName: input.approverStaffId === null ? null : TAN.displayName,
          active: true,
        }),
      );
    },
    ...routes,
  });
}

async function openDialog() {
  renderLeavePage(<LeaveAdminPage />, PATH, admin);
  await userEvent.click(await screen.findByRole('button', { name: 'Add a staff record' }));
  return screen.findByRole('dialog', { name: 'Add a staff record' });
}

afterEach(() => vi.unstubAllGlobals());

describe('Add a staff record', () => {
  it('adds a record linked to the account picked, then opens it', async () => {
    const user = userEvent.setup();
    const api = stub();
    const dialog = await openDialog();
    await user.type(within(dialog).getByRole('combobox', { name: 'Their portal account (optional)' }), 'new');
    await user.click(await screen.findByRole('option', { name: 'New Hire (new.hire@staffportal.example)' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('New Hire');
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    expect(email).toHaveValue('new.hire@staffportal.example');
    expect(email).toHaveAttribute('readonly');

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Department' }), 'HR');
    await user.click(within(dialog).getByRole('combobox', { name: 'Approver' }));
    await user.click(await screen.findByRole('option', { name: 'Tan Mei Ling (LVUSR0000000002)' }));
    await user.clear(within(dialog).getByLabelText(/^Join date/));
    await user.type(within(dialog).getByLabelText(/^Join date/), '02/11/2026');
    await user.click(within(dialog).getByRole('checkbox', { name: 'SAT' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }));

    expect(await screen.findByText('Staff record LVUSR0000000008 added for New Hire.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/leave/admin/staff').map((call) => call.body)).toEqual([
      {
        displayName: 'New Hire',
        email: 'new.hire@staffportal.example',
        departmentCode: 'HR',
        approverStaffId: TAN.staffId,
        joinDate: '2026-11-02',
        gender: 'F',
        workingDaysMask: 0b0111111,
        identitySub: NEW_HIRE.sub,
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`${PATH}/LVUSR0000000008`));
  });

  it('shows what is missing under each field before asking, and the server’s refusal under its field', async () => {
    const user = userEvent.setup();
    const api = stub({
      'POST /leave/admin/staff': () => {
        throw validationError('There is already a staff record with the e-mail siti@staffportal.example.', 'email');
      },
    });
    const dialog = await openDialog();
    for (const day of ['MON', 'TUE', 'WED', 'THU', 'FRI']) {
      await user.click(within(dialog).getByRole('checkbox', { name: day }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }));
    expect(within(dialog).getByText('Enter the name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter an e-mail address, such as name@example.org.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a department.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one working day.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Enter the name.');
    expect(api.callsTo('POST', '/leave/admin/staff')).toHaveLength(0);

    await enterText(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Siti Aminah');
    await enterText(user, within(dialog).getByRole('textbox', { name: 'E-mail' }), 'siti@staffportal.example');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Department' }), 'UNION');
    await user.click(within(dialog).getByRole('checkbox', { name: 'MON' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }));
    expect(
      await within(dialog).findByText('There is already a staff record with the e-mail siti@staffportal.example.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/leave/admin/staff')).toHaveLength(1);
  });

  it('says beside the field when accounts cannot be listed, and still adds by name and e-mail', async () => {
    const user = userEvent.setup();
    const unavailable = 'The identity accounts cannot be listed just now. Type the name and e-mail instead.';
    const api = stub({
      'GET /leave/admin/staff/accounts': () => {
        throw new AppError('NOT_READY', unavailable);
      },
    });
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('combobox', { name: 'Their portal account (optional)' }));
    expect(await within(dialog).findByText(unavailable)).toBeInTheDocument();
    expect(await screen.findByText('Accounts cannot be listed just now.')).toBeInTheDocument();
    // Beside the field only: not in the notification as well.
    expect(screen.getAllByText(unavailable)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Siti Aminah');
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'siti@staffportal.example');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Department' }), 'HR');
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }));
    expect(await screen.findByText('Staff record LVUSR0000000008 added for Siti Aminah.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/leave/admin/staff')[0]?.body).toMatchObject({
      email: 'siti@staffportal.example',
      identitySub: null,
    });
  });

  it('speaks Bahasa Malaysia', async () => {
    await changeLanguage('ms');
    try {
      stub();
      renderLeavePage(<LeaveAdminPage />, PATH, admin);
      await userEvent.click(await screen.findByRole('button', { name: 'Tambah rekod kakitangan' }));
      const dialog = await screen.findByRole('dialog', { name: 'Tambah rekod kakitangan' });
      expect(within(dialog).getByRole('combobox', { name: 'Akaun portal mereka (pilihan)' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Tambah rekod' })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
      localStorage.clear();
    }
  });
});

describe('Add a staff record for a given account (from the access-control page)', () => {
  it('comes prefilled with the account, and hands the new record back instead of opening it', async () => {
    const user = userEvent.setup();
    const api = stub();
    const onCreated = vi.fn();
    renderLeavePage(
      <AddStaffRecordDialog open onClose={() => {}} account={NEW_HIRE} onCreated={onCreated} />,
      '/shared/access-control',
      admin,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add a staff record' });
    expect(within(dialog).getByRole('combobox', { name: 'Their portal account (optional)' })).toHaveValue(
      'New Hire (new.hire@staffportal.example)',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('New Hire');
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('readonly');
    await within(dialog).findByRole('option', { name: 'HR (Human Resources)' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Department' }), 'HR');
    await user.click(within(dialog).getByRole('button', { name: 'Add record' }));
    await waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ staffId: 'LVUSR0000000008' })),
    );
    expect(api.callsTo('POST', '/leave/admin/staff')[0]?.body).toMatchObject({
      identitySub: NEW_HIRE.sub,
      email: NEW_HIRE.email,
      displayName: 'New Hire',
    });
  });
});
