import type { SignedInUser } from '@staff-portal/shared/signed-in-user';
import { MEMBER_CSV_COLUMNS, type MemberCsvRow, type Workload } from '@staff-portal/shared/ir-admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../lib/auth-context';
import { changeLanguage } from '../../lib/i18n';
import { testAuth } from '../../test/auth';
import { stubIrAdminApi } from '../../test/ir-admin-api-double';
import { DISMISSAL, irAdmin, irOfficer, itAdmin, OVERTIME, SITI } from '../../test/ir-fixtures';
import { renderWithProviders } from '../../test/render';
import { IRAdminPage } from './ir-admin-page';

const PATH = '/shared/industrial-relations/ir-admin';

const WORKLOAD: Workload = {
  officers: [
    { id: 'a', name: 'Farah Officer', open: 7, ageing: { '0-30': 3, '31-60': 2, '61-90': 1, '90+': 1 } },
    { id: 'b', name: 'Kevin Admin', open: 0, ageing: { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 0 } },
  ],
  unassigned: { open: 2, ageing: { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 2 } },
  asOf: '2026-11-26',
};

function renderPage(user: SignedInUser, search = '') {
  return renderWithProviders(
    <AuthContext value={testAuth(user)}>
      <MemoryRouter initialEntries={[`${PATH}${search}`]}>
        <Routes>
          <Route path={PATH} element={<IRAdminPage />} />
        </Routes>
      </MemoryRouter>
    </AuthContext>,
  );
}

afterEach(async () => {
  await changeLanguage('en');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th,td')].map((cell) => cell.textContent));

/** A Blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

describe('IRAdminPage', () => {
  it('shows the categories with their cases; an IR admin adds, renames and deactivates, never deletes', async () => {
    const api = stubIrAdminApi({ workload: WORKLOAD, canAdminister: true });
    renderPage(irAdmin);
    const table = await screen.findByRole('table', { name: 'Grievance categories' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /delete/i })).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('New category name'), 'Harassment');
    await userEvent.click(screen.getByRole('button', { name: 'Add a category' }));
    expect(await screen.findByText('Category Harassment added.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/ir/admin/categories')[0]!.body).toEqual({ name: 'Harassment' });
    await within(table).findByText('Harassment');

    const first = api.categories()[0]!;
    await userEvent.click(screen.getByRole('button', { name: `Rename ${first.name}` }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Unfair dismissal');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(table).findByText('Unfair dismissal');

    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Unfair dismissal' }));
    await screen.findByRole('button', { name: 'Activate Unfair dismissal' });
    expect(api.categories()[0]).toMatchObject({ name: 'Unfair dismissal', active: false });
  });

  it('asks before deactivating a category that cases use', async () => {
    const used = { ...DISMISSAL, caseCount: 12 };
    const api = stubIrAdminApi({ workload: WORKLOAD, canAdminister: true, categories: [used, OVERTIME] });
    renderPage(irAdmin);
    await screen.findByRole('table', { name: 'Grievance categories' });

    await userEvent.click(screen.getByRole('button', { name: `Deactivate ${used.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Deactivate ${used.name}?` });
    expect(dialog).toHaveTextContent('12 cases use it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH', `/ir/admin/categories/${used.id}`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: `Deactivate ${used.name}` }));
    const again = await screen.findByRole('dialog', { name: `Deactivate ${used.name}?` });
    await userEvent.click(within(again).getByRole('button', { name: 'Deactivate' }));
    await screen.findByRole('button', { name: `Activate ${used.name}` });
    expect(api.callsTo('PATCH', `/ir/admin/categories/${used.id}`)[0]!.body).toEqual({ active: false });

    // One no case uses is deactivated at once, as before.
    await userEvent.click(screen.getByRole('button', { name: `Deactivate ${OVERTIME.name}` }));
    await screen.findByRole('button', { name: `Activate ${OVERTIME.name}` });
  });

  it('gives an IR officer the categories to read, with no write controls', async () => {
    stubIrAdminApi({ workload: WORKLOAD, canAdminister: false });
    renderPage(irOfficer);
    await screen.findByRole('table', { name: 'Grievance categories' });
    expect(screen.getByText(/Only IR administrators change categories/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a category' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Rename/ })).not.toBeInTheDocument();
  });

  it("shows the officers' workload and ageing with the numbers in a table", async () => {
    stubIrAdminApi({ workload: WORKLOAD, canAdminister: false });
    renderPage(irOfficer);
    await userEvent.click(await screen.findByRole('tab', { name: 'Officers' }));
    const table = await screen.findByRole('table', { name: 'Open cases per officer and by age' });
    expect(rowTexts(table)).toEqual([
      ['Farah Officer', '7', '3', '2', '1', '1'],
      ['Kevin Admin', '0', '0', '0', '0', '0'],
      ['No officer', '2', '0', '0', '0', '2'],
      ['All open cases', '9', '3', '2', '1', '3'],
    ]);
    expect(screen.getByText('Ages counted to 2026-11-26.')).toBeInTheDocument();
  });

  it('previews a file with a bad row and an update, imports the valid rows, and downloads the report', async () => {
    const api = stubIrAdminApi({ workload: WORKLOAD, canAdminister: true });
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          saved.push(blob);
          return 'blob:report';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    renderPage(irAdmin, '?tab=import');
    const line = (cells: string[]) => cells.join(',');
    const csv = [
      MEMBER_CSV_COLUMNS.join(','),
      line([
        'M9000001',
        'New Member',
        '900101-10-1234',
        'F',
        '1990-01-01',
        'Maybank',
        'Ipoh',
        '',
        'active',
        '2020-01-01',
        '',
        '',
        '',
      ]),
      line(['M9000002', 'Bad Member', '12345', 'X', '1990-01-01', 'Maybank', 'Ipoh', '', '', '2020-01-01', '', '', '']),
      line([
        SITI.memberNo,
        SITI.name,
        SITI.nric,
        SITI.gender,
        SITI.dateOfBirth,
        'CIMB',
        'KL',
        '',
        'active',
        SITI.joinDate,
        '',
        '',
        '',
      ]),
    ].join('\r\n');
    await userEvent.upload(
      await screen.findByLabelText('Choose a CSV file'),
      new File([csv], 'members.csv', { type: 'text/csv' }),
    );
    expect(
      await screen.findByText('Rows: 3. New members: 1. Updates of existing members: 1. Rows with problems: 1.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Rows that update an existing member: 4')).toBeInTheDocument();
    expect(rowTexts(screen.getByRole('table', { name: 'Problems by row' })).map((cells) => cells.slice(0, 2))).toEqual([
      ['3', 'nric'],
      ['3', 'gender'],
    ]);
    // Worded in the user's language, not the API's English.
    expect(rowTexts(screen.getByRole('table', { name: 'Problems by row' }))[0]![2]).toBe(
      'Enter an NRIC of 12 digits that starts with a date of birth, e.g. 850101-14-5678.',
    );
    expect(api.callsTo('POST', '/ir/admin/members/import')).toHaveLength(0);

    await userEvent.click(screen.getAllByRole('button', { name: 'Download the error report' })[0]!);
    expect(saved).toHaveLength(1);
    const report = await textOf(saved[0]!);
    expect(report.replace('\uFEFF', '').split('\r\n').slice(0, 2)).toEqual([
      'line,field,message',
      expect.stringMatching(/^3,nric,/),
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Import only if every row is valid' }));
    expect(await screen.findByText('Problems in the file: 2. Nothing was imported.')).toBeInTheDocument();
    expect(api.members.has('M9000001')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Import the valid rows' }));
    expect(await screen.findByText('Imported. New members: 1. Updated: 1. Refused: 1.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/ir/admin/members/import').at(-1)!.body).toMatchObject({ mode: 'valid' });
    expect(api.members.get('M9000001')).toBe('900101101234');
  });

  it("offers a template, takes the screens' words, and names the file's date format and the accepted values", async () => {
    stubIrAdminApi({ workload: WORKLOAD, canAdminister: true });
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          saved.push(blob);
          return 'blob:template';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    renderPage(irAdmin, '?tab=import');
    expect(
      await screen.findByText(
        /Dates as YYYY-MM-DD; gender F or M; status active, lapsed, resigned or deceased \(or the words the screens show\)\./,
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download a template' }));
    const template = (await textOf(saved[0]!)).replace('\uFEFF', '').split('\r\n');
    expect(template[0]).toBe(MEMBER_CSV_COLUMNS.join(','));
    expect(template).toHaveLength(3);

    const row = (memberNo: string, nric: string, gender: string, born: string, status: string) =>
      [memberNo, 'A Member', nric, gender, born, 'Maybank', 'Ipoh', '', status, '2020-01-01', '', '', ''].join(',');
    const csv = [
      MEMBER_CSV_COLUMNS.join(','),
      row('M9100001', '900101-10-1234', 'Female', '1990-01-01', 'Active'),
      row('M9100002', '900102-10-1234', 'M', '31/01/1990', 'active'),
      row('M9100003', '900103-10-1234', 'M', '1990-01-03', 'member'),
    ].join('\r\n');
    await userEvent.upload(
      await screen.findByLabelText('Choose a CSV file'),
      new File([csv], 'members.csv', { type: 'text/csv' }),
    );
    expect(
      await screen.findByText('Rows: 3. New members: 1. Updates of existing members: 0. Rows with problems: 2.'),
    ).toBeInTheDocument();
    expect(rowTexts(screen.getByRole('table', { name: 'Problems by row' }))).toEqual([
      ['3', 'dateOfBirth', 'Write dates as YYYY-MM-DD, the format the export writes: this one would be 1990-01-31.'],
      ['4', 'status', 'Write one of: active, lapsed, resigned, deceased (or the word the screens show, in any case).'],
    ]);
  });

  it('warns of a file read in the wrong encoding, and reads it again in the one chosen', async () => {
    const api = stubIrAdminApi({ workload: WORKLOAD, canAdminister: true });
    renderPage(irAdmin, '?tab=import');
    // Saved by Excel as "CSV" on Windows: Windows-1252, where é is the one byte 0xE9.
    const text = `${MEMBER_CSV_COLUMNS.join(',')}\r\nM9200001,José de Souza,900101-10-1234,M,1990-01-01,Maybank,Melaka,,active,2020-01-01,,,\r\n`;
    const bytes = Uint8Array.from([...text].map((character) => character.charCodeAt(0)));
    await userEvent.upload(
      await screen.findByLabelText('Choose a CSV file'),
      new File([bytes], 'members.csv', { type: 'text/csv' }),
    );
    const warning = (await screen.findByText(/Some text in the file looks wrongly encoded/)).closest('[role="alert"]');
    expect(warning).toHaveTextContent('Row 2, name: “Jos\uFFFD de Souza”');
    expect(warning).toHaveTextContent('Windows-1252');
    const sentName = () =>
      (api.callsTo('POST', '/ir/admin/members/import/preview').at(-1)!.body as { rows: MemberCsvRow[] }).rows[0]!
        .cells[1];
    expect(sentName()).toBe('Jos\uFFFD de Souza');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'The file’s encoding' }), 'windows-1252');
    await waitFor(() => expect(api.callsTo('POST', '/ir/admin/members/import/preview')).toHaveLength(2));
    expect(sentName()).toBe('José de Souza');
    expect(
      await screen.findByText('Rows: 1. New members: 1. Updates of existing members: 0. Rows with problems: 0.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/looks wrongly encoded/)).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'The file’s encoding' })).toHaveDisplayValue('Windows-1252 (ANSI)');
  });

  it('says a file without the header cannot be read, and sends nothing', async () => {
    const api = stubIrAdminApi({ workload: WORKLOAD, canAdminister: true });
    renderPage(irAdmin, '?tab=import');
    await userEvent.upload(
      await screen.findByLabelText('Choose a CSV file'),
      new File(['memberNo,name\nM1,A'], 'x.csv'),
    );
    expect(await screen.findByText(/The header row must name every column; missing: nric, gender/)).toBeInTheDocument();
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0));
  });

  it('tells an IR officer only IR administrators import', async () => {
    stubIrAdminApi({ workload: WORKLOAD, canAdminister: false });
    renderPage(irOfficer, '?tab=import');
    expect(await screen.findByText('Only IR administrators import members.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Choose a CSV file')).not.toBeInTheDocument();
  });

  it('tells an IT admin, who sees NRICs masked, that the import is IR administrators’ and their export is masked (docs/product/ir.md §1)', async () => {
    // ITAdmin passes the IRAdmin check, but an import would say which NRICs are members'.
    stubIrAdminApi({ workload: WORKLOAD, canAdminister: true });
    renderPage(itAdmin, '?tab=import');
    expect(await screen.findByText('Only IR administrators import members.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Choose a CSV file')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Export members' }));
    expect(
      await screen.findByText(
        'Your file shows NRICs masked and leaves out the dates of birth, as the member pages do for you, so it cannot be imported back.',
      ),
    ).toBeInTheDocument();
  });

  it('exports the members as a CSV download', async () => {
    const csv = `${MEMBER_CSV_COLUMNS.join(',')}\r\nM1,A\r\n`;
    const api = stubIrAdminApi({ workload: WORKLOAD, canAdminister: false, exportCsv: csv });
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          saved.push(blob);
          return 'blob:members';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    renderPage(irOfficer, '?tab=export');
    await userEvent.click(await screen.findByRole('button', { name: 'Export members (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.callsTo('GET', '/ir/admin/members/export.csv')).toHaveLength(1);
    expect(await textOf(saved[0]!)).toBe(csv);
  });

  it('speaks Bahasa Malaysia', async () => {
    await changeLanguage('ms');
    stubIrAdminApi({ workload: WORKLOAD, canAdminister: false });
    renderPage(irOfficer, '?tab=officers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pentadbiran IR' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Kategori' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Kes terbuka bagi setiap pegawai dan mengikut usia' });
    expect(within(table).getByText('Tiada pegawai')).toBeInTheDocument();
  });
});
