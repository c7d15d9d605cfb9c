import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppError } from '@staff-portal/shared/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeaveAdminPage } from './leave-admin-page';
import { refuse, stubLeaveApi } from '../../test/leave-api-double';
import { renderLeavePage } from '../../test/render-leave';
import { testUser } from '../../test/auth';
import { adminType, everyone, HAFIZ } from './test/admin-fixtures';

const PATH = '/shared/hr-services/leave/admin';
const admin = testUser({ department: ['HRAdmin'] });

const page = (items: typeof everyone, pageNo = 1, pageSize = 20, total = items.length) => ({
  items,
  total,
  page: pageNo,
  pageSize,
});

afterEach(() => vi.unstubAllGlobals());

describe('LeaveAdminPage', () => {
  it('searches staff by name and filters by department; a row links to the record', async () => {
    const api = stubLeaveApi({
      'GET /leave/admin/staff': ({ query }) => {
        if (query.get('pageSize') === '100') return page(everyone, 1, 100);
        const search = (query.get('search') ?? '').toLowerCase();
        const department = query.get('department');
        return page(
          everyone.filter(
            (s) =>
              s.displayName.toLowerCase().includes(search) && (department === null || s.departmentCode === department),
          ),
        );
      },
    });
    renderLeavePage(<LeaveAdminPage />, PATH, admin);
    expect(await screen.findByRole('heading', { name: 'E-Leave System Admin' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Staff' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);

    expect(screen.getByRole('search', { name: 'Find staff records' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Search by name, e-mail or staff id'), 'priya');
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Staff' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(api.callsTo('GET', '/leave/admin/staff').at(-1)!.query.get('search')).toBe('priya');

    await userEvent.clear(screen.getByLabelText('Search by name, e-mail or staff id'));
    await userEvent.selectOptions(screen.getByLabelText('Department'), 'HRAdmin');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Open the record of Tan Mei Ling' })).toBeInTheDocument(),
    );
    expect(api.callsTo('GET', '/leave/admin/staff').at(-1)!.query.get('department')).toBe('HRAdmin');

    await userEvent.clear(screen.getByLabelText('Search by name, e-mail or staff id'));
    await userEvent.selectOptions(screen.getByLabelText('Department'), '');
    await userEvent.click(await screen.findByRole('link', { name: `Open the record of ${HAFIZ.displayName}` }));
    expect(await screen.findByTestId('location')).toHaveTextContent(`${PATH}/${HAFIZ.staffId}`);
  });

  it('sorts the staff by a column, and turns the order round on a second click', async () => {
    const api = stubLeaveApi({
      'GET /leave/admin/staff': ({ query }) => {
        if (query.get('pageSize') === '100') return page(everyone, 1, 100);
        const key = query.get('sort') === 'department' ? 'departmentCode' : 'displayName';
        const sorted = everyone.toSorted((a, b) => a[key].localeCompare(b[key]));
        return page(query.get('order') === 'desc' ? sorted.reverse() : sorted);
      },
    });
    renderLeavePage(<LeaveAdminPage />, PATH, admin);
    const table = await screen.findByRole('table', { name: 'Staff' });
    const nameHeader = within(table).getByRole('columnheader', { name: 'Name' });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(api.callsTo('GET', '/leave/admin/staff').at(-1)!.query.get('sort')).toBe('name');

    await userEvent.click(within(table).getByRole('button', { name: 'Department' }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Department' })).toHaveAttribute('aria-sort', 'ascending'),
    );
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
    await userEvent.click(
      within(screen.getByRole('table', { name: 'Staff' })).getByRole('button', { name: 'Department' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Department' })).toHaveAttribute('aria-sort', 'descending'),
    );
    const last = api.callsTo('GET', '/leave/admin/staff').at(-1)!.query;
    expect([last.get('sort'), last.get('order')]).toEqual(['department', 'desc']);
    const rows = within(screen.getByRole('table', { name: 'Staff' }))
      .getAllByRole('row')
      .slice(1);
    const shown = rows.map((row) => within(row).getAllByRole('cell')[3]!.textContent);
    expect(shown).toEqual(shown.toSorted().reverse());
  });

  it('edits a leave type, refusing tiers out of order before it asks the server', async () => {
    const api = stubLeaveApi({
      'GET /leave/admin/types': () => [adminType()],
      'PUT /leave/admin/types/:id': ({ body }) => ({ ...adminType(), ...(body as object), id: 'LVE0001' }),
    });
    renderLeavePage(<LeaveAdminPage />, `${PATH}?tab=types`, admin);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Annual Leave' }));
    const dialog = await screen.findByRole('dialog');
    const years = within(dialog).getAllByLabelText('From years');
    await userEvent.clear(years[1]!);
    await userEvent.type(years[1]!, '0');
    expect(within(dialog).getByText('Tiers must be in ascending order of years, each year once.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(years[1]!);
    await userEvent.type(years[1]!, '3');
    await userEvent.type(within(dialog).getByLabelText('Carry-forward cap (days)'), '5');
    await userEvent.type(within(dialog).getByLabelText('Carried days expire on (MM-DD)'), '03-31');
    await userEvent.click(within(dialog).getByLabelText('Attachment required'));
    await userEvent.click(within(dialog).getByLabelText('Accrues monthly'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/leave/admin/types/LVE0001')).toHaveLength(1));
    expect(api.callsTo('PUT', '/leave/admin/types/LVE0001')[0]!.body).toEqual({
      name: 'Annual Leave',
      defaultDays: 8,
      serviceTiers: [
        { minYears: 0, days: 8 },
        { minYears: 3, days: 12 },
      ],
      cancellable: true,
      attachmentRequired: true,
      halfDayAllowed: true,
      balanceLimited: true,
      accruesMonthly: true,
      active: true,
      eligibleGender: null,
      minServiceMonths: 0,
      proRata: 'nearest-day',
      includesDaysOf: null,
      carryForwardCap: 5,
      carryForwardExpiry: '03-31',
    });
  });

  it('refuses a leave type with no name or days that are not a number under their fields, asking nothing', async () => {
    const api = stubLeaveApi({ 'GET /leave/admin/types': () => [adminType()] });
    renderLeavePage(<LeaveAdminPage />, `${PATH}?tab=types`, admin);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Annual Leave' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.clear(within(dialog).getByLabelText('Default days a year'));
    await userEvent.type(within(dialog).getByLabelText('Default days a year'), '2.25');
    await userEvent.type(within(dialog).getByLabelText('Carry-forward cap (days)'), 'five');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This is required.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Carry-forward cap (days)')).toHaveAccessibleDescription(
      'This value is not valid.',
    );
    expect(within(dialog).getByLabelText('Default days a year')).toHaveAccessibleDescription(
      'Enter whole or half days, such as 1 or 1.5.',
    );
    expect(api.callsTo('PUT', '/leave/admin/types/LVE0001')).toHaveLength(0);
  });

  it("edits a type's eligibility, pro-rating and inclusive allowance, and lists them among its rules", async () => {
    const paternity = adminType({
      id: 'LVE0005',
      name: 'Paternity Leave',
      serviceTiers: null,
      eligibleGender: 'M',
      minServiceMonths: 12,
      proRata: 'off',
    });
    const hospitalisation = adminType({
      id: 'LVE0003',
      name: 'Hospitalisation Leave',
      serviceTiers: null,
      proRata: 'off',
      includesDaysOf: 'LVE0002',
    });
    const medical = adminType({ id: 'LVE0002', name: 'Medical Leave', serviceTiers: null, proRata: 'off' });
    const api = stubLeaveApi({
      'GET /leave/admin/types': () => [adminType(), medical, hospitalisation, paternity],
      'PUT /leave/admin/types/:id': ({ body }) => ({ ...paternity, ...(body as object) }),
    });
    renderLeavePage(<LeaveAdminPage />, `${PATH}?tab=types`, admin);
    const row = (name: string) =>
      screen.getAllByRole('row').find((r) => within(r).queryByText(name, { exact: true }) !== null)!;
    await screen.findByText('Paternity Leave');
    expect(row('Annual Leave')).toHaveTextContent('Pro-rated to the nearest day');
    expect(row('Hospitalisation Leave')).toHaveTextContent('Includes Medical Leave');
    expect(row('Paternity Leave')).toHaveTextContent("For men only, After 12 months' service");

    await userEvent.click(screen.getByRole('button', { name: 'Edit Paternity Leave' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Who may take it')).toHaveValue('M');
    // A first tier starts at year 0, the next a year after the last.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a tier' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a tier' }));
    expect(
      within(dialog)
        .getAllByLabelText('From years')
        .map((field) => (field as HTMLInputElement).value),
    ).toEqual(['0', '1']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove tier 2' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove tier 1' }));
    // A type cannot include its own days, nor those already included elsewhere.
    const includes = within(dialog).getByLabelText('Its allowance includes the days of');
    expect(within(includes).queryByRole('option', { name: 'Paternity Leave' })).not.toBeInTheDocument();
    expect(within(includes).getByRole('option', { name: 'Medical Leave' })).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByLabelText('Who may take it'), '');
    await userEvent.clear(within(dialog).getByLabelText('Months of service needed'));
    await userEvent.type(within(dialog).getByLabelText('Months of service needed'), '6');
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Pro-rated in a year of joining or leaving'),
      'down-to-half-day',
    );
    await userEvent.selectOptions(includes, 'LVE0001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/leave/admin/types/LVE0005')).toHaveLength(1));
    expect(api.callsTo('PUT', '/leave/admin/types/LVE0005')[0]!.body).toMatchObject({
      eligibleGender: null,
      minServiceMonths: 6,
      proRata: 'down-to-half-day',
      includesDaysOf: 'LVE0001',
    });
  });

  it("imports a state's holidays and shows the server's refusal of a bad holiday under its field", async () => {
    const api = stubLeaveApi({
      'GET /leave/admin/holidays': () => [{ date: '2026-08-31', region: 'MY-14', name: 'National Day' }],
      'POST /leave/admin/holidays/import': () => ({ imported: 17, region: 'MY-10' }),
      'POST /leave/admin/holidays': () =>
        refuse(
          new AppError('VALIDATION_ERROR', 'There is already a holiday on 2026-01-01 for MY-14.', { field: 'date' }),
        ),
    });
    renderLeavePage(<LeaveAdminPage />, `${PATH}?tab=holidays`, admin);
    expect(await screen.findByText('National Day')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('State'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/17 holidays of MY-10 imported/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/leave/admin/holidays/import')[0]!.body).toMatchObject({ state: '10' });

    await userEvent.click(screen.getByRole('button', { name: 'Add a public holiday' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Company Day');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('There is already a holiday on 2026-01-01 for MY-14.')).toBeInTheDocument();
  });

  it("keeps the holidays' year and region in the address; a state's list has the nationwide ones too", async () => {
    const api = stubLeaveApi({
      'GET /leave/admin/holidays': () => [
        { date: '2025-08-31', region: 'MY', name: 'National Day' },
        { date: '2025-12-11', region: 'MY-10', name: "Sultan of Selangor's Birthday" },
        { date: '2025-02-01', region: 'MY-14', name: 'Federal Territory Day' },
      ],
    });
    renderLeavePage(<LeaveAdminPage />, `${PATH}?tab=holidays&year=2025&region=MY-10`, admin);
    const table = await screen.findByRole('table', { name: 'Public holidays' });
    expect(api.callsTo('GET', '/leave/admin/holidays').at(-1)!.query.get('year')).toBe('2025');
    expect(screen.getByLabelText('Year')).toHaveValue('2025');
    expect(within(table).getByText('National Day')).toBeInTheDocument();
    expect(within(table).getByText("Sultan of Selangor's Birthday")).toBeInTheDocument();
    expect(within(table).queryByText('Federal Territory Day')).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Holidays kept in'), 'MY');
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Public holidays' })).queryByText(/Selangor/)).toBeNull(),
    );
    await userEvent.selectOptions(screen.getByLabelText('Holidays kept in'), '');
    expect(await screen.findByText('Federal Territory Day')).toBeInTheDocument();
    expect(screen.getByText('National Day')).toBeInTheDocument();
  });

  it('previews the carry-forward, applies it after a confirmation and lists the run to reverse', async () => {
    const run = {
      id: 4,
      fromYear: 2025,
      rows: 1,
      days: 5,
      appliedBy: 'x',
      appliedAt: '2026-01-02T01:00:00.000Z',
      reversedBy: null,
      reversedAt: null,
    };
    let runs: (typeof run)[] = [];
    const api = stubLeaveApi({
      'GET /leave/admin/carry-forward/runs': () => runs,
      'POST /leave/admin/carry-forward/preview': () => ({
        fromYear: 2025,
        rows: [
          {
            staffId: HAFIZ.staffId,
            staffName: HAFIZ.displayName,
            departmentCode: 'HR',
            leaveTypeId: 'LVE0001',
            leaveTypeName: 'Annual Leave',
            available: 7.5,
            carried: 5,
            expiresOn: '2026-03-31',
          },
        ],
      }),
      'POST /leave/admin/carry-forward/apply': () => {
        runs = [run];
        return run;
      },
      'POST /leave/admin/carry-forward/:runId/reverse': () => ({ ...run, reversedAt: '2026-01-03T01:00:00.000Z' }),
    });
    renderLeavePage(<LeaveAdminPage />, `${PATH}?tab=carryForward`, admin);
    expect(await screen.findByText('No carry-forward has been applied yet.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('From year'), '2025');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('1 balance, 5 days to carry')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '7.5' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply to 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Carry these days into 2026?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply to 2026' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/leave/admin/carry-forward/apply')[0]!.body).toEqual({ fromYear: 2025 }),
    );
    // The confirmation closes first (while it is open, the page behind it is hidden from the accessibility tree).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const item = (await screen.findByText(/2025 → 2026: 1 balance, 5 days/)).closest('li')!;
    await userEvent.click(within(item).getByRole('button', { name: 'Reverse' }));
    const confirm = await screen.findByRole('dialog', { name: /Reverse the carry-forward from 2025/ });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reverse' }));
    await waitFor(() => expect(api.callsTo('POST', '/leave/admin/carry-forward/4/reverse')).toHaveLength(1));
  });

  it('shows the utilisation report and downloads the CSV and XLSX the server writes and audits', async () => {
    const csv = '\uFEFFDepartment,Department name,Leave type id,Leave type,Staff,Days taken,Days pending\r\n';
    const api = stubLeaveApi({
      'GET /leave/admin/reports/utilisation': ({ query }) => ({
        year: Number(query.get('year')),
        rows: [
          {
            departmentCode: 'HR',
            departmentName: 'Human Resources',
            leaveTypeId: 'LVE0001',
            leaveTypeName: 'Annual Leave',
            staffCount: 2,
            daysTaken: 4,
            daysPending: 0.5,
          },
        ],
      }),
      'GET /leave/admin/reports/utilisation.csv': () => new Response(csv, { headers: { 'Content-Type': 'text/csv' } }),
      'GET /leave/admin/reports/utilisation.xlsx': () => new Response(new Uint8Array([80, 75])),
    });
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (created.push(blob), 'blob:x'),
        revokeObjectURL: () => undefined,
      }),
    );
    renderLeavePage(<LeaveAdminPage />, `${PATH}?tab=reports`, admin);
    const table = await screen.findByRole('table', { name: 'Utilisation by department and leave type' });
    expect(within(table).getByRole('cell', { name: 'Human Resources' })).toBeInTheDocument();
    // The row and the total.
    expect(within(table).getAllByRole('cell', { name: '0.5' })).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(created).toHaveLength(1));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(created[0]!);
    });
    expect(text.replace('\uFEFF', '')).toBe(csv.replace('\uFEFF', ''));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download XLSX' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Download XLSX' }));
    await waitFor(() => expect(created).toHaveLength(2));
    const year = api.callsTo('GET', '/leave/admin/reports/utilisation')[0]!.query.get('year');
    expect(
      [
        ...api.callsTo('GET', '/leave/admin/reports/utilisation.csv'),
        ...api.callsTo('GET', '/leave/admin/reports/utilisation.xlsx'),
      ].map((call) => Object.fromEntries(call.query)),
    ).toEqual([
      { year, lang: 'en' },
      { year, lang: 'en' },
    ]);
  });
});
