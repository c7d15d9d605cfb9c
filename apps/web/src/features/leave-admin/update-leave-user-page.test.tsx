import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppError } from '@staff-portal/shared/errors';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAuth, testUser } from '../../test/auth';
import { renderWithProviders } from '../../test/render';
import { AuthContext } from '../../lib/auth-context';
import { refuse, stubLeaveApi } from '../../test/leave-api-double';
import { leaveRequest, leaveTypes, pageFrom } from '../../test/leave-fixtures';
import { balances, everyone, HAFIZ, hafizDetail } from './test/admin-fixtures';
import { UpdateLeaveUserPage } from './update-leave-user-page';

const admin = testUser({ department: ['HRAdmin'] });
const URL_OF = (id: string) => `/shared/hr-services/leave/admin/${id}`;

function render(id = HAFIZ.staffId, search = '?year=2026') {
  return renderWithProviders(
    <AuthContext value={testAuth(admin)}>
      <MemoryRouter initialEntries={[`${URL_OF(id)}${search}`]}>
        <Routes>
          <Route path="/shared/hr-services/leave/admin/:id" element={<UpdateLeaveUserPage />} />
        </Routes>
      </MemoryRouter>
    </AuthContext>,
  );
}

afterEach(() => vi.unstubAllGlobals());

function stub(overrides: Parameters<typeof stubLeaveApi>[0] = {}) {
  let adjustments = 0;
  const pending = leaveRequest({
    referenceId: 'LV202603010900100001',
    status: 0,
    startDate: '2026-03-02',
    endDate: '2026-03-02',
  });
  const approved = leaveRequest({
    referenceId: 'LV202603010900100002',
    status: 1,
    startDate: '2026-02-02',
    endDate: '2026-02-02',
  });
  const rejected = leaveRequest({
    referenceId: 'LV202603010900100003',
    status: 2,
    startDate: '2026-01-05',
    endDate: '2026-01-05',
  });
  return stubLeaveApi({
    'GET /leave/admin/staff': () => ({ items: everyone, total: everyone.length, page: 1, pageSize: 100 }),
    'GET /leave/admin/staff/:staffId': () => hafizDetail(),
    'GET /leave/admin/staff/:staffId/balances': ({ query }) => balances(Number(query.get('year')), adjustments),
    'GET /leave/admin/staff/:staffId/requests': () => pageFrom([pending, approved, rejected], 1, 10),
    'GET /leave/admin/types': () =>
      leaveTypes.map((type) => ({ ...type, carryForwardCap: null, carryForwardExpiry: null })),
    'PUT /leave/admin/staff/:staffId': ({ body }) => ({ ...HAFIZ, ...(body as object) }),
    'POST /leave/admin/staff/:staffId/adjustments': ({ body }) => {
      adjustments = (body as { days: number }).days;
      return balances(2026, adjustments);
    },
    'POST /leave/admin/requests/:referenceId/cancel': ({ params }) =>
      leaveRequest({ referenceId: params['referenceId']!, status: 3 }),
    ...overrides,
  });
}

describe('UpdateLeaveUserPage', () => {
  it('shows the record with its identity link and saves the approver, department and working days', async () => {
    // As the server does: the record read after the save is the saved one.
    let saved: object = {};
    const api = stub({
      'GET /leave/admin/staff/:staffId': () => ({ ...hafizDetail(), ...saved }),
      'PUT /leave/admin/staff/:staffId': ({ body }) => {
        saved = body as object;
        return { ...HAFIZ, ...saved };
      },
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Staff leave record' })).toBeInTheDocument();
    expect(await screen.findByText('Linked to account sub-hafiz')).toBeInTheDocument();
    expect(screen.getByText(HAFIZ.staffId)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Record' });
    expect(within(form).getByRole('checkbox', { name: 'SAT' })).not.toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'MON' })).toBeChecked();
    await userEvent.click(within(form).getByRole('checkbox', { name: 'SAT' }));
    await waitFor(() => expect(within(form).getByLabelText('Approver')).toHaveValue('Tan Mei Ling (LVUSR0000000002)'));
    await userEvent.clear(within(form).getByLabelText('Approver'));
    await userEvent.type(within(form).getByLabelText('Approver'), 'Priya');
    await userEvent.click(await screen.findByRole('option', { name: 'Priya Nair (LVUSR0000000004)' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', `/leave/admin/staff/${HAFIZ.staffId}`)).toHaveLength(1));
    expect(api.callsTo('PUT', `/leave/admin/staff/${HAFIZ.staffId}`)[0]!.body).toEqual({
      departmentCode: 'HR',
      approverStaffId: 'LVUSR0000000004',
      joinDate: '2022-01-10',
      leavingDate: null,
      gender: 'M',
      workingDaysMask: 31 | (1 << 5),
    });
    // Told so, although the new approver and days give the form a fresh start.
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Record' })).getByLabelText('Approver')).toHaveValue(
      'Priya Nair (LVUSR0000000004)',
    );
  });

  it('saves a leaving date, and clears it', async () => {
    const api = stub();
    render();
    const form = await screen.findByRole('form', { name: 'Record' });
    const leaving = within(form).getByLabelText('Leaving date');
    expect(leaving).toHaveValue('');
    expect(leaving).toHaveAccessibleDescription(/pro-rated/);
    fireEvent.change(leaving, { target: { value: '15/06/2027' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', `/leave/admin/staff/${HAFIZ.staffId}`)).toHaveLength(1));
    expect(api.callsTo('PUT', `/leave/admin/staff/${HAFIZ.staffId}`)[0]!.body).toMatchObject({
      leavingDate: '2027-06-15',
    });
    fireEvent.change(leaving, { target: { value: '' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', `/leave/admin/staff/${HAFIZ.staffId}`)).toHaveLength(2));
    expect(api.callsTo('PUT', `/leave/admin/staff/${HAFIZ.staffId}`)[1]!.body).toMatchObject({ leavingDate: null });
  });

  it("puts the server's refusal under the field it names", async () => {
    stub({
      'PUT /leave/admin/staff/:staffId': () =>
        refuse(new AppError('VALIDATION_ERROR', 'That approver would make a loop.', { field: 'approverStaffId' })),
    });
    render();
    const form = await screen.findByRole('form', { name: 'Record' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('That approver would make a loop.')).toBeInTheDocument();
  });

  it('shows the balance parts and adds an adjustment with its reason', async () => {
    const api = stub();
    render();
    const table = await screen.findByRole('table', { name: 'Entitlements and adjustments' });
    const row = within(table).getByRole('row', { name: /Annual Leave/ });
    expect(row).toHaveTextContent('expires 31 Mar 2026');
    expect(within(table).getByRole('row', { name: /Medical Leave/ })).toHaveTextContent('7earned so far of 14');
    const form = screen.getByRole('form', { name: 'Add an adjustment' });
    await userEvent.type(within(form).getByLabelText('Days (+ or −, halves allowed)'), '1.5');
    await userEvent.type(within(form).getByLabelText('Reason'), 'Worked on a public holiday');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/leave/admin/staff/${HAFIZ.staffId}/adjustments`)[0]?.body).toEqual({
        year: 2026,
        leaveTypeId: 'LVE0001',
        days: 1.5,
        reason: 'Worked on a public holiday',
      }),
    );
    expect(await screen.findByText('Worked on a public holiday')).toBeInTheDocument();
  });

  it('shows taken and booked apart, what was carried and what of it still counts, and why a balance is lower', async () => {
    const api = stub({
      'GET /leave/admin/staff/:staffId/balances': ({ query }) => {
        const year = Number(query.get('year'));
        const answer = balances(year);
        const [annual, medical] = answer.balances;
        return {
          ...answer,
          balances: [
            { ...annual!, carried: 2, carriedForward: 5, taken: 3, booked: 2, available: 8 },
            { ...medical!, limitedBy: { leaveTypeId: 'LVE0003', leaveTypeName: 'Hospitalisation Leave' } },
          ],
        };
      },
      'PUT /leave/admin/staff/:staffId/entitlements/:year/:leaveTypeId': () => balances(2026),
    });
    render();
    const table = await screen.findByRole('table', { name: 'Entitlements and adjustments' });
    expect(within(table).getByRole('columnheader', { name: 'Booked' })).toBeInTheDocument();
    const annual = within(table).getByRole('row', { name: /Annual Leave/ });
    expect(annual).toHaveTextContent('2of 5 carried; the rest lapsed 31 Mar 2026');
    const cells = within(annual).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(expect.arrayContaining(['3', '2', '8']));
    expect(within(table).getByRole('row', { name: /Medical Leave/ })).toHaveTextContent(
      'Limited to what is left of Hospitalisation Leave, whose allowance includes this leave.',
    );

    // Editing starts from the days carried into the year, not those still counting: saving
    // the override must not shrink what was carried.
    await userEvent.click(within(annual).getByRole('button', { name: 'Edit Annual Leave' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Carried days')).toHaveValue('5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/leave/admin/staff/${HAFIZ.staffId}/entitlements/2026/LVE0001`)[0]?.body).toEqual({
        entitled: null,
        carried: 5,
      }),
    );
  });

  it('cancels a pending or approved request for them, and offers nothing for a decided one', async () => {
    const api = stub();
    render();
    const list = await screen.findByRole('table', { name: 'Their requests' });
    expect(within(list).getAllByRole('button', { name: /^Cancel LV\d{18} for them$/ })).toHaveLength(2);
    await userEvent.click(within(list).getByRole('button', { name: 'Cancel LV202603010900100002 for them' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The approved request goes to its approver as a cancellation to decide.');
    await userEvent.type(within(dialog).getByLabelText('Remarks'), 'Called in');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel for them' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/leave/admin/requests/LV202603010900100002/cancel')[0]?.body).toEqual({
        remarks: 'Called in',
      }),
    );
  });

  it('says so for an id that is not a staff id, without calling the API', async () => {
    const api = stub();
    render('7', '');
    expect(await screen.findByText('There is no such staff record.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
