import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { LeaveHistoryPage } from './leave-history-page';
import { stubLeaveApi } from '../../test/leave-api-double';
import { leaveRequest, leaveTypes, MEDICAL, pageFrom } from '../../test/leave-fixtures';
import { renderLeavePage } from '../../test/render-leave';
import { setViewportWidth } from '../../test/viewport';

const PATH = '/shared/hr-services/leave/my-leaves/history';

// jsdom's Blob has no text(); FileReader reads it as a browser would.
const readBlob = (blob: Blob | undefined) =>
  new Promise<string>((resolve, reject) => {
    if (blob === undefined) return reject(new Error('nothing downloaded'));
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });

function SearchProbe() {
  return <output data-testid="search">{useLocation().search}</output>;
}

const many = Array.from({ length: 45 }, (_, index) =>
  leaveRequest({
    referenceId: `LV202603010900${String(200000 + index)}`,
    startDate: '2025-06-02',
    endDate: '2025-06-02',
    days: 1,
    status: index % 2,
  }),
);

function stub() {
  return stubLeaveApi({
    'GET /leave/types': () => leaveTypes,
    'GET /leave/requests/mine': ({ query }) => {
      const page = Number(query.get('page') ?? '1');
      const pageSize = Number(query.get('pageSize') ?? '20');
      return pageFrom(many.slice((page - 1) * pageSize, page * pageSize), page, pageSize, many.length);
    },
  });
}

function render(url: string) {
  return renderLeavePage(
    <>
      <LeaveHistoryPage />
      <SearchProbe />
    </>,
    url,
  );
}

const lastQuery = (api: ReturnType<typeof stub>) =>
  Object.fromEntries(api.callsTo('GET', '/leave/requests/mine').at(-1)?.query ?? []);

// Whole pages with a form and a user typing: slower than the default 5 s when the machine is busy.
describe('LeaveHistoryPage', () => {
  let blobs: Blob[];
  let clicks: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    blobs = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:leave-history';
    });
    URL.revokeObjectURL = vi.fn();
    clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads its filters from the URL and asks the API for them', async () => {
    const api = stub();
    render(`${PATH}?year=2025&type=LVE0002&status=1`);
    expect(screen.getByRole('heading', { level: 1, name: 'Leave History' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Leave History' });
    expect(lastQuery(api)).toEqual({ year: '2025', leaveTypeId: 'LVE0002', status: '1', page: '1', pageSize: '20' });
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue('2025');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Leave type' })).toHaveValue(MEDICAL.id));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('1');
  });

  it('ignores filter values the API would refuse', async () => {
    const api = stub();
    render(`${PATH}?year=1850&type=annual&status=9&page=-2&pageSize=7`);
    await screen.findByRole('table');
    expect(lastQuery(api)).toEqual({ page: '1', pageSize: '20' });
  });

  it('puts a changed filter in the URL and starts again from the first page', async () => {
    const user = userEvent.setup();
    const api = stub();
    render(`${PATH}?page=2`);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '0');
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?status=0'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ status: '0', page: '1', pageSize: '20' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Leave type' }), 'LVE0001');
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?status=0&type=LVE0001'));
  });

  it('pages on the server', async () => {
    const user = userEvent.setup();
    const api = stub();
    render(PATH);
    await screen.findByRole('table');
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the next page' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?page=2'));
    await waitFor(() => expect(screen.getByText('21–40 of 45')).toBeInTheDocument());
    expect(lastQuery(api)).toEqual({ page: '2', pageSize: '20' });
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('LV202603010900200020');

    // Another page size starts from the first page; the usual one is left out of the URL.
    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?pageSize=50'));
    await waitFor(() => expect(screen.getByText('1–45 of 45')).toBeInTheDocument());
    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(screen.getByRole('option', { name: '20' }));
    await waitFor(() => expect(screen.getByTestId('search')).toBeEmptyDOMElement());
    expect(await screen.findByText('1–20 of 45')).toBeInTheDocument();
  });

  it('sorts on the server by a column, either way; the usual order, latest first, stays out of the URL', async () => {
    const user = userEvent.setup();
    const api = stub();
    render(`${PATH}?page=2`);
    const table = await screen.findByRole('table', { name: 'Leave History' });
    expect(within(table).getByRole('columnheader', { name: 'Dates' })).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(table).getByRole('button', { name: 'Days' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?sort=days&order=asc'));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ sort: 'days', order: 'asc', page: '1' }));
    expect(screen.getByRole('columnheader', { name: 'Days' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Dates' })).not.toHaveAttribute('aria-sort');

    await user.click(within(screen.getByRole('table')).getByRole('button', { name: 'Dates' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?sort=start&order=asc'));
    await user.click(within(screen.getByRole('table')).getByRole('button', { name: 'Dates' }));
    await waitFor(() => expect(screen.getByTestId('search')).toBeEmptyDOMElement());
    await waitFor(() => expect(lastQuery(api)).toEqual({ page: '1', pageSize: '20' }));
  });

  it('on a phone, folds the filters behind Filters, saying how many a link set', async () => {
    setViewportWidth(375);
    stub();
    const user = userEvent.setup();
    render(`${PATH}?year=2025&status=1`);
    // On a phone the requests are cards.
    await screen.findByRole('list', { name: 'Leave History' });
    const form = screen.getByRole('search', { name: 'Filters' });
    expect(within(form).queryByRole('combobox', { name: 'Year' })).toBeNull();
    expect(within(form).getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Filters (2 set)' }));
    expect(within(form).getByRole('combobox', { name: 'Year' })).toHaveValue('2025');
    expect(within(form).getByRole('combobox', { name: 'Status' })).toHaveValue('1');
  });

  it('exports the whole filtered list as CSV', async () => {
    const user = userEvent.setup();
    const api = stub();
    render(`${PATH}?year=2025&status=1`);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('45 requests exported.')).toBeInTheDocument();

    // Every page of the filtered list, at the API's largest page size.
    const exportCalls = api
      .callsTo('GET', '/leave/requests/mine')
      .filter((call) => call.query.get('pageSize') === '100');
    expect(exportCalls.map((call) => Object.fromEntries(call.query))).toEqual([
      { year: '2025', status: '1', page: '1', pageSize: '100' },
    ]);

    expect(blobs).toHaveLength(1);
    const text = await readBlob(blobs[0]);
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    expect(parsed.data[0]).toEqual([
      'Reference',
      'Leave type',
      'Start date',
      'End date',
      'Day',
      'Days',
      'Status',
      'Reason',
      'Approver',
      'Remarks',
      'Applied on',
    ]);
    expect(parsed.data).toHaveLength(46);
    expect(parsed.data[2]).toEqual([
      'LV202603010900200001',
      'Annual Leave',
      '2025-06-02',
      '2025-06-02',
      'WD',
      '1',
      'APPROVED',
      'Family trip',
      'Farid',
      '',
      '2026-03-01 09:00',
    ]);
    expect(clicks).toHaveBeenCalledOnce();
  });

  it('says so when nothing matches', async () => {
    stubLeaveApi({
      'GET /leave/types': () => leaveTypes,
      'GET /leave/requests/mine': () => pageFrom([]),
    });
    render(`${PATH}?status=3`);
    expect(await screen.findByText('No requests match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('speaks Bahasa Malaysia, month names included', async () => {
    await changeLanguage('ms');
    try {
      stub();
      render(PATH);
      expect(screen.getByRole('heading', { level: 1, name: 'Sejarah Cuti' })).toBeInTheDocument();
      await screen.findByRole('table');
      expect(screen.getByRole('combobox', { name: 'Tahun' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Eksport CSV' })).toBeInTheDocument();
      expect(screen.getAllByText('02 Jun 2025')).not.toHaveLength(0);
      expect(screen.getByText('1–20 daripada 45')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
      localStorage.clear();
    }
  });
});
