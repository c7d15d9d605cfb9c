import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { stubIrApi } from '../../test/ir-api-double';
import { AHMAD, irOfficer, itAdmin, member, MEMBERS, RAJ, SITI } from '../../test/ir-fixtures';
import { setViewportWidth } from '../../test/viewport';
import { MEMBER_LOOKUP_PATH } from './paths';
import { renderIr, where } from './test/render-ir';

afterEach(() => vi.unstubAllGlobals());

const searchBox = () => screen.getByRole('searchbox', { name: 'Name, member no or NRIC' });
const table = () => screen.findByRole('table', { name: 'Members' });
const names = () =>
  within(screen.getByRole('table', { name: 'Members' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('MemberLookupPage', () => {
  it('starts with help rather than a million members, and searches once typing pauses', async () => {
    const api = stubIrApi({ callerId: irOfficer.id });
    renderIr(MEMBER_LOOKUP_PATH, irOfficer);
    expect(await screen.findByRole('heading', { level: 1, name: 'Member Lookup' })).toBeInTheDocument();
    expect(screen.getByText(/Type part of a name, a member no or an NRIC/)).toBeInTheDocument();
    expect(api.callsTo('GET', '/ir/members')).toHaveLength(0);

    // The keys without a pause between them (no `delay`), however busy the machine: a pause
    // longer than the debounce would rightly search for a part.
    await userEvent.type(searchBox(), 'siti', { delay: null });
    await table();
    expect(names()).toEqual([SITI.name]);
    // One call for the settled text, not one per keystroke.
    expect(api.callsTo('GET', '/ir/members').map((call) => call.query.get('q'))).toEqual(['siti']);
    expect(where(screen).search.get('q')).toBe('siti');
    const row = within(await table()).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('M0012345');
    expect(row).toHaveTextContent('850101-14-5678');
    expect(row).toHaveTextContent('Maybank');
    expect(row).toHaveTextContent('Active');
  });

  it('finds by NRIC with dashes and by member no', async () => {
    stubIrApi({ callerId: irOfficer.id });
    renderIr(MEMBER_LOOKUP_PATH, irOfficer);
    await userEvent.type(await screen.findByRole('searchbox'), '900215-10');
    await waitFor(() => expect(names()).toEqual([RAJ.name]));
    await userEvent.clear(searchBox());
    await userEvent.type(searchBox(), 'm0030007');
    await waitFor(() => expect(names()).toEqual([AHMAD.name]));
  });

  it('tells one who sees NRICs masked, under the search, that searching by NRIC is for IR (docs/product/ir.md §1)', async () => {
    stubIrApi({ callerId: itAdmin.id, seesFullNric: false });
    renderIr(MEMBER_LOOKUP_PATH, itAdmin);
    await userEvent.type(await screen.findByRole('searchbox'), '850101-14-5678');
    const message = 'Searching by NRIC is for the IR departments, who see NRICs in full: search by name or member no.';
    await waitFor(() => expect(searchBox()).toHaveAccessibleDescription(message));
    expect(searchBox()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('table', { name: 'Members' })).not.toBeInTheDocument();
    // By member no, as before.
    await userEvent.clear(searchBox());
    await userEvent.type(searchBox(), 'm0030007');
    await waitFor(() => expect(names()).toEqual([AHMAD.name]));
    expect(searchBox()).toHaveAttribute('aria-invalid', 'false');
  });

  it('filters by employer, branch and status, sorts by a column, and keeps it all in the URL', async () => {
    const api = stubIrApi({ callerId: irOfficer.id });
    const last = () => Object.fromEntries(api.callsTo('GET', '/ir/members').at(-1)!.query);
    renderIr(MEMBER_LOOKUP_PATH, irOfficer);
    await screen.findByRole('option', { name: 'Maybank' });

    await userEvent.selectOptions(screen.getByLabelText('Employer'), 'Maybank');
    await waitFor(() => expect(names()).toEqual([AHMAD.name, SITI.name]));
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(last()).toMatchObject({ sort: 'name', order: 'asc' }));
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(names()).toEqual([SITI.name, AHMAD.name]));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');

    await userEvent.selectOptions(screen.getByLabelText('Branch'), 'Penang');
    await waitFor(() => expect(names()).toEqual([AHMAD.name]));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'lapsed');
    await waitFor(() => expect(screen.getByText(/No member matches this search/)).toBeInTheDocument());
    expect(last()).toEqual({
      employer: 'Maybank',
      branch: 'Penang',
      status: 'lapsed',
      sort: 'name',
      order: 'desc',
      page: '1',
      pageSize: '25',
    });
    expect(Object.fromEntries(where(screen).search)).toEqual({
      employer: 'Maybank',
      branch: 'Penang',
      status: 'lapsed',
      sort: 'name',
      order: 'desc',
    });
  });

  it('pages with previous and next while the API says there is more', async () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      member({
        memberNo: `M1${String(index).padStart(6, '0')}`,
        name: `Member ${String(index).padStart(2, '0')}`,
        nric: `8501011${String(index).padStart(5, '0')}`,
        gender: 'F',
        dateOfBirth: '1985-01-01',
        employer: 'RHB',
        branch: 'Ipoh',
        joinDate: '2020-01-01',
      }),
    );
    const api = stubIrApi({ callerId: irOfficer.id, members: many });
    renderIr(`${MEMBER_LOOKUP_PATH}?q=member`, irOfficer);
    await table();
    expect(names()).toHaveLength(25);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    // How many were found, asked for once for the search, not again for each page.
    expect(await screen.findByText('1–25 of 30')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(names()).toEqual(['Member 25', 'Member 26', 'Member 27', 'Member 28', 'Member 29']));
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByText('26–30 of 30')).toBeInTheDocument();
    expect(api.callsTo('GET', '/ir/members/count').map((call) => Object.fromEntries(call.query))).toEqual([
      { q: 'member' },
    ]);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(where(screen).search.get('page')).toBe('2');
    expect(api.callsTo('GET', '/ir/members').at(-1)!.query.get('page')).toBe('2');

    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(names()).toHaveLength(25));
    expect(where(screen).search.has('page')).toBe(false);
  });

  it('never shows the count of an earlier search under a new one', async () => {
    let answerLater: (count: { count: number; more: boolean }) => void = () => undefined;
    stubIrApi({
      callerId: irOfficer.id,
      overrides: {
        // The first search's count at once; the next one's only when the test says.
        'GET /ir/members/count': ({ query }) =>
          query.get('q') === 'siti'
            ? { count: 123, more: false }
            : new Promise((resolve) => {
                answerLater = resolve;
              }),
      },
    });
    renderIr(`${MEMBER_LOOKUP_PATH}?q=siti`, irOfficer);
    expect(await screen.findByText('1–1 of 123')).toBeInTheDocument();
    await userEvent.clear(searchBox());
    await userEvent.type(searchBox(), 'rajesh');
    await waitFor(() => expect(names()).toEqual([RAJ.name]));
    expect(screen.queryByText(/of 123$/)).not.toBeInTheDocument();
    answerLater({ count: 1, more: false });
    expect(await screen.findByText('1–1 of 1')).toBeInTheDocument();
  });

  it('says how many were found, up to a thousand, then that there are more', async () => {
    stubIrApi({
      callerId: irOfficer.id,
      overrides: { 'GET /ir/members/count': () => ({ count: 1000, more: true }) },
    });
    renderIr(`${MEMBER_LOOKUP_PATH}?q=a`, irOfficer);
    await table();
    expect(await screen.findByText(/^1–\d+ of more than 1,000$/)).toBeInTheDocument();
  });

  it('opens a member from a row, and Back returns to the same search', async () => {
    stubIrApi({ callerId: irOfficer.id });
    renderIr(`${MEMBER_LOOKUP_PATH}?q=rajesh&status=lapsed`, irOfficer);
    await userEvent.click(await screen.findByRole('link', { name: `Open member ${RAJ.name}` }));
    expect(await screen.findByRole('heading', { level: 1, name: RAJ.name })).toBeInTheDocument();
    expect(where(screen).path).toBe(`${MEMBER_LOOKUP_PATH}/M0020001`);

    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByRole('link', { name: `Open member ${RAJ.name}` })).toBeInTheDocument();
    expect(searchBox()).toHaveValue('rajesh');
    expect(screen.getByLabelText('Status')).toHaveValue('lapsed');

    // The page's own way back does the same.
    await userEvent.click(screen.getByRole('link', { name: `Open member ${RAJ.name}` }));
    await userEvent.click(await screen.findByRole('link', { name: 'Member lookup' }));
    expect(await screen.findByRole('link', { name: `Open member ${RAJ.name}` })).toBeInTheDocument();
    expect(Object.fromEntries(where(screen).search)).toEqual({ q: 'rajesh', status: 'lapsed' });
    expect(searchBox()).toHaveValue('rajesh');
  });

  it('says when the search failed, and tries again', async () => {
    let fail = true;
    stubIrApi({
      callerId: irOfficer.id,
      overrides: {
        'GET /ir/members': () =>
          fail
            ? new Response('{"code":"INTERNAL_ERROR","message":"Search is down."}', { status: 500 })
            : { items: [], page: 1, pageSize: 25, hasMore: false },
      },
    });
    renderIr(`${MEMBER_LOOKUP_PATH}?q=siti`, irOfficer);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(retry.closest('[role="alert"]')).toHaveTextContent('Search is down.');
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText(/No member matches this search/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows each member as a card on a phone', async () => {
    setViewportWidth(375);
    stubIrApi({ callerId: irOfficer.id, members: MEMBERS });
    renderIr(`${MEMBER_LOOKUP_PATH}?employer=Maybank`, irOfficer);
    const list = await screen.findByRole('list', { name: 'Members found' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual([`Open member ${AHMAD.name}`, `Open member ${SITI.name}`]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // The search box shows; the other filters fold behind a button that says a link set one.
    expect(searchBox()).toBeInTheDocument();
    expect(screen.queryByLabelText('Employer')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Filters (1 set)' }));
    expect(screen.getByLabelText('Employer')).toHaveValue('Maybank');
    expect(screen.getByLabelText('Branch')).toHaveValue('');
  });

  it('speaks Bahasa Malaysia', async () => {
    await changeLanguage('ms');
    try {
      stubIrApi({ callerId: irOfficer.id });
      renderIr(MEMBER_LOOKUP_PATH, irOfficer);
      expect(await screen.findByRole('heading', { level: 1, name: 'Carian Ahli' })).toBeInTheDocument();
      expect(screen.getByRole('searchbox', { name: 'Nama, no. ahli atau NRIC' })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
      localStorage.clear();
    }
  });
});
