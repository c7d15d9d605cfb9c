import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { typedDate } from '../../test/dates';
import { stubIrApi } from '../../test/ir-api-double';
import { AHMAD, DISMISSAL, FARAH, irOfficer, KEVIN, OVERTIME, RAJ, SITI } from '../../test/ir-fixtures';
import { setViewportWidth } from '../../test/viewport';
import { casePath, GRIEVANCES_PATH } from './paths';
import { renderIr, where } from './test/render-ir';

const downloads: { blob: Blob; name: string }[] = [];
beforeEach(() => {
  downloads.length = 0;
  URL.createObjectURL = vi.fn(() => 'blob:csv');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ blob: new Blob(), name: this.download });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Three cases: Siti's (Farah, pending), Raj's (Kevin, closed), Ahmad's (Farah, pending, overtime). */
function withCases() {
  const api = stubIrApi({ callerId: FARAH.id, canAdminister: true });
  const open = (memberNo: string, subject: string, categoryId: string, officerId: string, openedOn: string) =>
    api.seedCase({ memberNo, subject, categoryId, officerId, openedOn, description: `${subject}.`, contactMethod: 0 });
  open(SITI.memberNo, 'Unfair dismissal', DISMISSAL.id, FARAH.id, '2026-01-10');
  open(RAJ.memberNo, 'Late salary', DISMISSAL.id, KEVIN.id, '2026-02-10');
  open(AHMAD.memberNo, 'Unpaid overtime', OVERTIME.id, FARAH.id, '2026-03-10');
  api.seedClose('GRV202600002', 'Paid.');
  return api;
}

/** The filters that fold on a phone: all but the free text. */
const FOLDED_LABELS = [
  'Case no',
  'Member name, no or NRIC',
  'Status',
  'Officer',
  'Category',
  'Contact method',
  'Opened from',
  'Opened to',
  'Closed from',
  'Closed to',
];

const caseNos = () =>
  within(screen.getByRole('table', { name: 'Grievance cases' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(within(row).getAllByRole('cell')[0]!).getByRole('link').textContent);

describe('SearchGrievances', () => {
  it('lists the cases newest first, with their status, officer and dates; a row opens the case', async () => {
    const api = withCases();
    renderIr(GRIEVANCES_PATH, irOfficer);
    expect(await screen.findByRole('heading', { level: 1, name: 'Grievances' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Grievance cases' });
    expect(caseNos()).toEqual(['GRV202600003', 'GRV202600002', 'GRV202600001']);
    expect(await screen.findByText('1–3 of 3')).toBeInTheDocument();
    const raj = within(screen.getByRole('table')).getAllByRole('row')[2]!;
    expect(raj).toHaveTextContent('CASE CLOSED');
    expect(raj).toHaveTextContent(KEVIN.name);
    expect(raj).toHaveTextContent('10 Feb 2026');
    expect(Object.fromEntries(api.callsTo('GET', '/ir/grievances')[0]!.query)).toEqual({
      sort: 'openedOn',
      order: 'desc',
      page: '1',
      pageSize: '25',
    });
    await userEvent.click(screen.getByRole('link', { name: 'Open case GRV202600002' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'GRV202600002: Late salary' })).toBeInTheDocument();
    expect(where(screen).path).toBe(casePath('GRV202600002'));
  });

  it('filters by status, officer, category and text, and keeps it in the URL', async () => {
    const api = withCases();
    const last = () => Object.fromEntries(api.callsTo('GET', '/ir/grievances').at(-1)!.query);
    renderIr(GRIEVANCES_PATH, irOfficer);
    await screen.findByRole('table', { name: 'Grievance cases' });
    await screen.findByRole('option', { name: FARAH.name });

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'PENDING');
    await waitFor(() => expect(caseNos()).toEqual(['GRV202600003', 'GRV202600001']));
    await userEvent.selectOptions(screen.getByLabelText('Officer'), FARAH.id);
    await userEvent.selectOptions(screen.getByLabelText('Category'), OVERTIME.id);
    await waitFor(() => expect(caseNos()).toEqual(['GRV202600003']));
    await userEvent.selectOptions(screen.getByLabelText('Category'), '');
    fireEvent.change(screen.getByLabelText('Text in the subject, description or actions'), {
      target: { value: 'dismissal' },
    });
    await waitFor(() => expect(caseNos()).toEqual(['GRV202600001']));
    expect(last()).toMatchObject({ status: '0', officer: FARAH.id, q: 'dismissal' });
    expect(where(screen).search.get('q')).toBe('dismissal');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(caseNos()).toHaveLength(3));
    expect(where(screen).search.toString()).toBe('');
  });

  it('finds by member and sorts by a column', async () => {
    const api = withCases();
    const last = () => Object.fromEntries(api.callsTo('GET', '/ir/grievances').at(-1)!.query);
    renderIr(GRIEVANCES_PATH, irOfficer);
    await screen.findByRole('table', { name: 'Grievance cases' });
    fireEvent.change(screen.getByLabelText('Member name, no or NRIC'), { target: { value: 'rajesh' } });
    await waitFor(() => expect(caseNos()).toEqual(['GRV202600002']));
    fireEvent.change(screen.getByLabelText('Member name, no or NRIC'), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Case no' }));
    await waitFor(() => expect(caseNos()).toEqual(['GRV202600001', 'GRV202600002', 'GRV202600003']));
    expect(last()).toMatchObject({ sort: 'caseNo', order: 'asc' });
    expect(Object.fromEntries(where(screen).search)).toEqual({ sort: 'caseNo', order: 'asc' });
  });

  it('says a date range that ends before it starts at its field, and asks nothing with it', async () => {
    const api = withCases();
    renderIr(GRIEVANCES_PATH, irOfficer);
    await screen.findByRole('table', { name: 'Grievance cases' });
    fireEvent.change(screen.getByLabelText('Opened from'), { target: { value: typedDate('2026-03-01') } });
    fireEvent.change(screen.getByLabelText('Opened to'), { target: { value: typedDate('2026-02-01') } });
    expect(await screen.findByText('The end date cannot be before the start date.')).toBeInTheDocument();
    expect(screen.getByText('Correct the filters marked in red to see the cases.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

    fireEvent.change(screen.getByLabelText('Opened to'), { target: { value: typedDate('2026-03-31') } });
    await waitFor(() => expect(caseNos()).toEqual(['GRV202600003']));
    // The refused range was never asked for, though the list was asked again once it was right.
    expect(api.callsTo('GET', '/ir/grievances').some((call) => call.query.get('openedTo') === '2026-02-01')).toBe(
      false,
    );
    expect(where(screen).search.get('openedFrom')).toBe('2026-03-01');
  });

  it('exports the filtered cases as CSV through the IR API', async () => {
    const api = withCases();
    renderIr(`${GRIEVANCES_PATH}?status=1`, irOfficer);
    await waitFor(() => expect(screen.queryAllByRole('row')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The cases were downloaded as a CSV file.')).toBeInTheDocument();
    const call = api.callsTo('GET', '/ir/grievances/export.csv')[0]!;
    expect(Object.fromEntries(call.query)).toEqual({ status: '1', sort: 'openedOn', order: 'desc' });
    expect(downloads.map((download) => download.name)).toEqual(['grievances.csv']);
  });

  it('opens a case from the filtered list, whose way back returns to the same filters', async () => {
    withCases();
    renderIr(`${GRIEVANCES_PATH}?status=1&sort=caseNo&order=asc`, irOfficer);
    await userEvent.click(await screen.findByRole('link', { name: 'Open case GRV202600002' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Grievances' }));
    expect(await screen.findByRole('link', { name: 'Open case GRV202600002' })).toBeInTheDocument();
    expect(Object.fromEntries(where(screen).search)).toEqual({ status: '1', sort: 'caseNo', order: 'asc' });
  });

  it('says when the cases could not be loaded, and tries again', async () => {
    let fail = true;
    stubIrApi({
      callerId: FARAH.id,
      overrides: {
        'GET /ir/grievances': () =>
          fail
            ? new Response('{"code":"INTERNAL_ERROR","message":"The case index is rebuilding."}', { status: 503 })
            : { items: [], page: 1, pageSize: 25, hasMore: false },
      },
    });
    renderIr(GRIEVANCES_PATH, irOfficer);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(retry.closest('[role="alert"]')).toHaveTextContent('The case index is rebuilding.');
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('No case matches these filters.')).toBeInTheDocument();
  });

  it('says when no case matches', async () => {
    withCases();
    renderIr(`${GRIEVANCES_PATH}?caseNo=GRV2025`, irOfficer);
    expect(await screen.findByText('No case matches these filters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Case no')).toHaveValue('GRV2025');
  });

  it('on a phone shows the text search and folds the other filters behind a button that says how many are set', async () => {
    setViewportWidth(375);
    withCases();
    renderIr(`${GRIEVANCES_PATH}?status=1&officer=${KEVIN.id}`, irOfficer);
    await waitFor(() => expect(caseNos()).toEqual(['GRV202600002']));
    const form = screen.getByRole('search', { name: 'Search grievance cases' });
    expect(
      within(form).getByRole('searchbox', { name: 'Text in the subject, description or actions' }),
    ).toBeInTheDocument();
    for (const label of FOLDED_LABELS) expect(within(form).queryByLabelText(label)).not.toBeInTheDocument();
    // Clear and Export stay in reach.
    expect(within(form).getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();

    const toggle = within(form).getByRole('button', { name: 'Filters (2 set)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide filters');
    for (const label of FOLDED_LABELS) expect(within(form).getByLabelText(label)).toBeInTheDocument();
    expect(within(form).getByLabelText('Status')).toHaveValue('1');
    await within(form).findByRole('option', { name: KEVIN.name });
    expect(within(form).getByLabelText('Officer')).toHaveValue(KEVIN.id);
  });

  it('on a phone with no filter set, the button says only Filters', async () => {
    setViewportWidth(375);
    withCases();
    renderIr(`${GRIEVANCES_PATH}?q=salary`, irOfficer);
    await waitFor(() => expect(caseNos()).toEqual(['GRV202600002']));
    // The free text is not folded, so it is not counted.
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('searchbox', { name: 'Text in the subject, description or actions' })).toHaveValue(
      'salary',
    );
  });

  it('on a desktop shows every filter, with no Filters button', async () => {
    setViewportWidth(1280);
    withCases();
    renderIr(`${GRIEVANCES_PATH}?status=1`, irOfficer);
    await waitFor(() => expect(caseNos()).toEqual(['GRV202600002']));
    const form = screen.getByRole('search', { name: 'Search grievance cases' });
    expect(within(form).getByRole('searchbox', { name: 'Text in the subject, description or actions' })).toBeVisible();
    for (const label of FOLDED_LABELS) expect(within(form).getByLabelText(label)).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
  });
});
