import { AppError, validationError } from '@staff-portal/shared/errors';
import { applyLeaveInputSchema, leaveRequestEventSchema } from '@staff-portal/shared/leave';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { typedDate } from '../../test/dates';
import { setViewportWidth } from '../../test/viewport';
import { todayIn } from '../../lib/dates';
import { LeavePage } from './leave-page';
import { stubLeaveApi, reply } from '../../test/leave-api-double';
import type { Handler } from '../../test/leave-api-double';
import { ANNUAL, leaveRequest, leaveTypes, MEDICAL, myLeave, pageFrom, PATERNITY } from '../../test/leave-fixtures';
import { renderLeavePage } from '../../test/render-leave';

const PAGE_URL = '/shared/hr-services/leave/my-leaves';
const year = Number(todayIn('Asia/Kuala_Lumpur').slice(0, 4));

function stub(overrides: Record<string, Handler> = {}) {
  return stubLeaveApi({
    'GET /leave/types': () => leaveTypes,
    'GET /leave/me': () => myLeave(year),
    'GET /leave/requests/mine': () =>
      pageFrom([
        leaveRequest({ referenceId: 'LV202603010900111111', status: 0 }),
        leaveRequest({ referenceId: 'LV202603010900222222', status: 1 }),
        leaveRequest({
          referenceId: 'LV202603010900333333',
          status: 1,
          leaveTypeId: MEDICAL.id,
          leaveTypeName: MEDICAL.name,
        }),
        leaveRequest({ referenceId: 'LV202603010900444444', status: 2 }),
      ]),
    'POST /leave/requests/preview': ({ body }) => {
      const input = applyLeaveInputSchema.parse(body);
      const days = input.dayType === 0 ? 3 : 0.5;
      const share = { year: Number(input.startDate.slice(0, 4)), days, available: 12.5, balanceAfter: 12.5 - days };
      return { days, available: 12.5, balanceAfter: 12.5 - days, years: [share] };
    },
    ...overrides,
  });
}

const previewPanel = () => screen.getByRole('status', { name: 'Day count and balance' });
const card = (name: string) => screen.getByRole('listitem', { name });
const typeSelect = () => screen.getByRole('combobox', { name: /Leave type/ });
const submitButton = () => screen.getByRole('button', { name: 'Submit request' });
const setDate = (name: RegExp, iso: string) =>
  fireEvent.change(screen.getByLabelText(name), { target: { value: typedDate(iso) } });

async function fillRequest(typeId: string, start: string, end = start) {
  const user = userEvent.setup({ applyAccept: false });
  await screen.findByRole('option', { name: ANNUAL.name });
  await user.selectOptions(typeSelect(), typeId);
  setDate(/Start date/, start);
  setDate(/End date/, end);
  return user;
}

// Whole pages with a form and a user typing: slower than the default 5 s when the machine is busy.
describe('LeavePage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows my balances per leave type with a chart, and my requests with status chips', async () => {
    stub();
    renderLeavePage(<LeavePage />, PAGE_URL);
    expect(screen.getByRole('heading', { level: 1, name: 'My Leaves' })).toBeInTheDocument();
    const annual = await screen.findByRole('listitem', { name: 'Annual Leave' });
    expect(within(annual).getByTestId('LVE0001-entitled')).toHaveTextContent('16');
    expect(within(annual).getByTestId('LVE0001-carried')).toHaveTextContent('3');
    expect(within(annual).getByTestId('LVE0001-adjustments')).toHaveTextContent('1');
    expect(within(annual).getByTestId('LVE0001-taken')).toHaveTextContent('5');
    expect(within(annual).getByTestId('LVE0001-pending')).toHaveTextContent('2.5');
    expect(within(annual).getByTestId('LVE0001-available')).toHaveTextContent('12.5');
    expect(
      within(annual).getByRole('img', {
        name: 'Annual Leave: 5 taken, 0 booked, 2.5 pending and 12.5 available of 20 days',
      }),
    ).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: `My requests from ${year} on` });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByText(/^(PENDING|APPROVED|REJECTED)$/).textContent)).toEqual([
      'PENDING',
      'APPROVED',
      'APPROVED',
      'REJECTED',
    ]);
  });

  it('shows taken and booked days apart, and says why a balance is lower than its entitlement', async () => {
    stub({
      'GET /leave/me': () => {
        const mine = myLeave(year);
        const patch: Record<string, object> = {
          LVE0001: { taken: 3, booked: 2, available: 12.5, proRatedMonths: 10 },
          LVE0002: { limitedBy: { leaveTypeId: 'LVE0003', leaveTypeName: 'Hospitalisation Leave' } },
          LVE0003: {
            entitled: 60,
            entitledForYear: 60,
            available: 57,
            includes: { leaveTypeId: 'LVE0002', leaveTypeName: 'Medical Leave', days: 3 },
          },
          LVE0005: {
            entitled: 0,
            available: 0,
            ineligible: { reason: 'service', minServiceMonths: 12, from: `${year + 1}-02-03` },
          },
        };
        return { ...mine, balances: mine.balances.map((b) => ({ ...b, ...patch[b.leaveTypeId] })) };
      },
    });
    const user = userEvent.setup();
    renderLeavePage(<LeavePage />, PAGE_URL);
    const annual = await screen.findByRole('listitem', { name: 'Annual Leave' });
    expect(within(annual).getByTestId('LVE0001-taken')).toHaveTextContent(/^3$/);
    expect(within(annual).getByTestId('LVE0001-booked')).toHaveTextContent(/^2$/);
    expect(
      within(annual).getByRole('img', {
        name: 'Annual Leave: 3 taken, 2 booked, 2.5 pending and 12.5 available of 20 days',
      }),
    ).toBeInTheDocument();
    expect(annual).toHaveTextContent('Pro-rated to 10 completed months of service this year.');
    expect(card('Hospitalisation Leave')).toHaveTextContent(
      'Includes 3 days of Medical Leave: this allowance counts them too.',
    );
    expect(card('Medical Leave')).toHaveTextContent(
      'Limited to what is left of Hospitalisation Leave, whose allowance includes this leave.',
    );
    await user.click(screen.getByRole('button', { name: 'Show all 5 leave types' }));
    expect(card('Paternity Leave')).toHaveTextContent(`After 12 months' service: from 03 Feb ${year + 1}.`);
  });

  it('offers types for the other gender disabled with the reason, and says from when a type needing service can be taken', async () => {
    const joined = `${year}-01-05`;
    stub({
      'GET /leave/types': () => [...leaveTypes, PATERNITY],
      'GET /leave/me': () => {
        const mine = myLeave(year);
        return { ...mine, staff: { ...mine.staff, gender: 'M', joinDate: joined } };
      },
    });
    const user = userEvent.setup();
    renderLeavePage(<LeavePage />, PAGE_URL);
    const maternity = await screen.findByRole('option', { name: 'Maternity Leave (for women only)' });
    expect(maternity).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Paternity Leave' })).toBeEnabled();
    await user.selectOptions(typeSelect(), PATERNITY.id);
    expect(typeSelect()).toHaveAccessibleDescription(
      `Paternity Leave needs 12 months' service: it can be taken from 05 Jan ${year + 1}.`,
    );
    // Once a date is chosen, the server's preview judges it there.
    setDate(/Start date/, `${year + 1}-01-05`);
    expect(typeSelect()).not.toHaveAccessibleDescription(/months' service/);
  });

  it("shows a request over New Year taken from each year's balance", async () => {
    stub({
      'POST /leave/requests/preview': () => ({
        days: 10,
        available: 16,
        balanceAfter: 11,
        years: [
          { year, days: 5, available: 16, balanceAfter: 11 },
          { year: year + 1, days: 5, available: 8, balanceAfter: 3 },
        ],
      }),
    });
    renderLeavePage(<LeavePage />, PAGE_URL);
    await fillRequest(ANNUAL.id, `${year}-12-27`, `${year + 1}-01-07`);
    const status = previewPanel();
    await waitFor(() => expect(status).toHaveTextContent('Working days10'));
    expect(status).toHaveTextContent(`In ${year}5 of 16, 11 after`);
    expect(status).toHaveTextContent(`In ${year + 1}5 of 8, 3 after`);
  });

  it('shows my balances as at another date, with what a monthly-accruing type has earned by then', async () => {
    const api = stub({
      'GET /leave/me': ({ query }) => {
        const asAt = query.get('asAt')!;
        const mine = myLeave(Number(asAt.slice(0, 4)), asAt);
        // Annual leave accrues monthly here: by the end of March, 4 of its 16 days.
        const march = asAt.slice(5, 7) === '03';
        return {
          ...mine,
          balances: mine.balances.map((b) =>
            b.leaveTypeId === 'LVE0001'
              ? { ...b, accruesMonthly: true, entitled: march ? 4 : 16, available: march ? 0.5 : 12.5 }
              : b,
          ),
        };
      },
    });
    renderLeavePage(<LeavePage />, PAGE_URL);
    const annual = await screen.findByRole('listitem', { name: 'Annual Leave' });
    expect(within(annual).getByTestId('LVE0001-entitled')).toHaveTextContent(/^16$/);
    expect(api.callsTo('GET', '/leave/me')[0]!.query.get('asAt')).toBe(todayIn('Asia/Kuala_Lumpur'));

    const next = `${year + 1}-03-31`;
    fireEvent.change(screen.getByLabelText('As at'), { target: { value: typedDate(next) } });
    expect(await screen.findByRole('heading', { name: `My balances for ${year + 1}` })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'Annual Leave' })).getByTestId('LVE0001-entitled'),
      ).toHaveTextContent('4 of 16'),
    );
    expect(screen.getByLabelText('4 earned so far of 16 this year')).toBeInTheDocument();
    expect(api.callsTo('GET', '/leave/me').at(-1)!.query.get('asAt')).toBe(next);

    // Back to today; a half-typed date asks nothing.
    fireEvent.change(screen.getByLabelText('As at'), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('heading', { name: `My balances for ${year}` })).toBeInTheDocument();
    expect(screen.getByLabelText('As at')).toHaveValue(typedDate(todayIn('Asia/Kuala_Lumpur')));
    expect(api.callsTo('GET', '/leave/me').every((call) => call.query.get('asAt') !== '')).toBe(true);
  });

  it('shows the types I use first, topped up to three, and the rest on request', async () => {
    stub();
    const user = userEvent.setup();
    renderLeavePage(<LeavePage />, PAGE_URL);
    const names = async () =>
      (await screen.findAllByRole('listitem', { name: /Leave$/ }))
        .map((item) => item.getAttribute('aria-label'))
        .filter((name) => name !== null);
    expect(await names()).toEqual(['Annual Leave', 'Medical Leave', 'Hospitalisation Leave']);
    await user.click(screen.getByRole('button', { name: 'Show all 5 leave types' }));
    expect(await names()).toEqual([
      'Annual Leave',
      'Medical Leave',
      'Hospitalisation Leave',
      'Maternity Leave',
      'Paternity Leave',
    ]);
    expect(screen.getByRole('button', { name: 'Show only the types I use' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps every type shown when the balances of another date are drawn anew', async () => {
    const next = `${year + 1}-03-31`;
    let refused = false;
    const api = stub({
      'GET /leave/me': ({ query }) => {
        // The first ask for the other date fails: the error replaces the cards until a retry.
        if (query.get('asAt') === next && !refused) {
          refused = true;
          return new Response('{"code":"INTERNAL_ERROR","message":"Balances are down."}', { status: 500 });
        }
        return myLeave(year);
      },
    });
    const user = userEvent.setup();
    renderLeavePage(<LeavePage />, PAGE_URL);
    await user.click(await screen.findByRole('button', { name: 'Show all 5 leave types' }));
    fireEvent.change(screen.getByLabelText('As at'), { target: { value: typedDate(next) } });
    // The failed try takes the cards away ("Trying again…"); the retry brings them back.
    expect(await screen.findByText('Trying again…')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Paternity Leave' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show only the types I use' })).toHaveAttribute('aria-expanded', 'true');
    expect(api.callsTo('GET', '/leave/me').at(-1)!.query.get('asAt')).toBe(next);
  });

  it('offers only active leave types', async () => {
    stub();
    renderLeavePage(<LeavePage />, PAGE_URL);
    await screen.findByRole('option', { name: ANNUAL.name });
    const names = within(typeSelect())
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toEqual(['—', 'Annual Leave', 'Medical Leave', 'Maternity Leave']);
  });

  it('allows a half day only for one day of a type that allows it', async () => {
    stub();
    renderLeavePage(<LeavePage />, PAGE_URL);
    await fillRequest(ANNUAL.id, '2026-03-02', '2026-03-04');
    const am = screen.getByRole('radio', { name: 'AM' });
    expect(am).toBeDisabled();
    expect(screen.getByText('A half day is only for a one-day request.')).toBeInTheDocument();

    setDate(/End date/, '2026-03-02');
    await waitFor(() => expect(am).toBeEnabled());
    await userEvent.click(am);
    expect(am).toBeChecked();
    // The preview asks for half a day.
    await waitFor(() => expect(previewPanel()).toHaveTextContent('0.5'));

    // Making it longer again falls back to whole days.
    setDate(/End date/, '2026-03-03');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Whole Day' })).toBeChecked());
    expect(am).toBeDisabled();

    // Medical leave never allows half days.
    await userEvent.selectOptions(typeSelect(), MEDICAL.id);
    setDate(/End date/, '2026-03-02');
    expect(screen.getByRole('radio', { name: 'PM' })).toBeDisabled();
    expect(screen.getByText('This leave type cannot be taken as a half day.')).toBeInTheDocument();
  });

  it('shows the live day count and the balance after from the server', async () => {
    const api = stub();
    renderLeavePage(<LeavePage />, PAGE_URL);
    expect(await screen.findByText('Choose a leave type and dates to see the day count.')).toBeInTheDocument();
    await fillRequest(ANNUAL.id, '2026-03-02', '2026-03-04');
    const status = previewPanel();
    await waitFor(() => expect(status).toHaveTextContent('Working days3'));
    expect(status).toHaveTextContent('Available now12.5');
    expect(status).toHaveTextContent('Balance after9.5');
    // Debounced: the three changes above make one call with the whole input.
    expect(api.callsTo('POST', '/leave/requests/preview').map((call) => call.body)).toEqual([
      { leaveTypeId: 'LVE0001', startDate: '2026-03-02', endDate: '2026-03-04', dayType: 0, reason: '' },
    ]);
  });

  it('shows a rule the preview reports at the field it names, and blocks submitting', async () => {
    stub({
      'POST /leave/requests/preview': () => {
        throw validationError('You already have leave on 2026-03-03', 'startDate');
      },
    });
    renderLeavePage(<LeavePage />, PAGE_URL);
    await fillRequest(ANNUAL.id, '2026-03-02', '2026-03-04');
    const start = screen.getByLabelText(/Start date/);
    await waitFor(() => expect(start).toHaveAccessibleDescription('You already have leave on 2026-03-03'));
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(submitButton()).toBeDisabled();
    expect(previewPanel()).toHaveTextContent('This request cannot be made as it is: see the field marked in red.');
    // The preview's refusal is shown in place, not as a notification.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('needs an attachment where the type says so, PDF/JPEG/PNG of at most 5 MB', async () => {
    stub();
    renderLeavePage(<LeavePage />, PAGE_URL);
    const user = await fillRequest(MEDICAL.id, '2026-03-02');
    expect(screen.getByText(/This leave type needs an attachment/)).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    const picker = screen.getByLabelText(/Attachment/);
    await user.upload(picker, new File(['hello'], 'note.txt', { type: 'text/plain' }));
    expect(screen.getByText('The attachment must be a PDF, JPEG or PNG file.')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'scan.pdf', { type: 'application/pdf' });
    await user.upload(picker, big);
    expect(screen.getByText('The attachment must be at most 5 MB.')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();

    await user.upload(picker, new File(['%PDF-1.7'], 'mc.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(submitButton()).toBeEnabled());
  });

  it('submits a request as JSON, says so and refreshes my lists', async () => {
    const api = stub({
      'POST /leave/requests': ({ body }) =>
        reply(201, leaveRequest({ ...applyLeaveInputSchema.parse(body), referenceId: 'LV202603010900999999' })),
    });
    renderLeavePage(<LeavePage />, PAGE_URL);
    const user = await fillRequest(ANNUAL.id, '2026-03-02', '2026-03-04');
    await user.type(screen.getByLabelText('Reason'), 'Family trip');
    await waitFor(() => expect(previewPanel()).toHaveTextContent('Balance after9.5'));
    const listsBefore = api.callsTo('GET', '/leave/requests/mine').length;
    await user.click(submitButton());

    expect(await screen.findByText('Leave request LV202603010900999999 submitted.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/leave/requests').map((call) => call.body)).toEqual([
      { leaveTypeId: 'LVE0001', startDate: '2026-03-02', endDate: '2026-03-04', dayType: 0, reason: 'Family trip' },
    ]);
    await waitFor(() => expect(api.callsTo('GET', '/leave/requests/mine').length).toBeGreaterThan(listsBefore));
    // The form is ready for the next request.
    expect(screen.getByLabelText(/Start date/)).toHaveValue('');
  });

  it('sends the attachment as multipart with the same fields', async () => {
    const api = stub({
      'POST /leave/requests': () => reply(201, leaveRequest({ leaveTypeId: MEDICAL.id, hasAttachment: true })),
    });
    renderLeavePage(<LeavePage />, PAGE_URL);
    const user = await fillRequest(MEDICAL.id, '2026-03-02');
    await user.upload(
      screen.getByLabelText(/Attachment/),
      new File(['%PDF-1.7'], 'mc.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    await screen.findByText(/submitted\.$/);
    const body = api.callsTo('POST', '/leave/requests')[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('leaveTypeId')).toBe('LVE0002');
    expect(form.get('startDate')).toBe('2026-03-02');
    expect(form.get('dayType')).toBe('0');
    expect((form.get('attachment') as File).name).toBe('mc.pdf');
    // Ready for the next request: the browser's file control is empty again.
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/Attachment/).files).toHaveLength(0));
  });

  it('shows the server refusing a submit at the field it names', async () => {
    stub({
      'POST /leave/requests': () => {
        throw validationError('Not enough Annual Leave: 12.5 days available', 'endDate');
      },
    });
    renderLeavePage(<LeavePage />, PAGE_URL);
    const user = await fillRequest(ANNUAL.id, '2026-03-02', '2026-03-04');
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    await waitFor(() =>
      expect(screen.getByLabelText(/End date/)).toHaveAccessibleDescription(
        'Not enough Annual Leave: 12.5 days available',
      ),
    );
  });

  it('checks the form with the shared schema before sending', async () => {
    const api = stub();
    renderLeavePage(<LeavePage />, PAGE_URL);
    const user = await fillRequest(ANNUAL.id, '2026-03-04', '2026-03-04');
    setDate(/End date/, '2026-03-02');
    await user.click(submitButton());
    await waitFor(() =>
      expect(screen.getByLabelText(/End date/)).toHaveAccessibleDescription(
        'The end date cannot be before the start date.',
      ),
    );
    expect(api.callsTo('POST', '/leave/requests')).toHaveLength(0);
  });

  it('says in plain words, in the chosen language, what an empty form needs', async () => {
    const api = stub();
    const user = userEvent.setup();
    renderLeavePage(<LeavePage />, PAGE_URL);
    await screen.findByRole('option', { name: ANNUAL.name });
    await user.click(submitButton());
    await waitFor(() => expect(typeSelect()).toHaveAccessibleDescription('This is required.'));
    expect(screen.getByLabelText(/Start date/)).toHaveAccessibleDescription('This is required.');
    expect(screen.getByLabelText(/End date/)).toHaveAccessibleDescription('This is required.');
    // Nothing written for developers (the shared schema's own messages) reaches the form.
    expect(screen.queryByText(/LVE0001|YYYY-MM-DD/)).not.toBeInTheDocument();
    // A date typed month first is no date: the field says how to write one.
    fireEvent.change(screen.getByLabelText(/Start date/), { target: { value: '11/25/2026' } });
    await waitFor(() =>
      expect(screen.getByLabelText(/Start date/)).toHaveAccessibleDescription('Enter a date as DD/MM/YYYY.'),
    );

    await changeLanguage('ms');
    try {
      await user.click(screen.getByRole('button', { name: 'Hantar permohonan' }));
      await waitFor(() =>
        expect(screen.getByRole('combobox', { name: /Jenis cuti/ })).toHaveAccessibleDescription(
          'Ruangan ini wajib diisi.',
        ),
      );
    } finally {
      await changeLanguage('en');
    }
    expect(api.callsTo('POST', '/leave/requests')).toHaveLength(0);
  });

  it('words a rule the server names by its reason in the chosen language, dates day first', async () => {
    stub({
      'POST /leave/requests/preview': () => {
        throw validationError('These dates overlap your pending request', 'startDate', 'overlaps', {
          status: 'PENDING',
          referenceId: 'LV202603010900111111',
          start: '2026-03-03',
          end: '2026-03-05',
        });
      },
    });
    renderLeavePage(<LeavePage />, PAGE_URL);
    await fillRequest(ANNUAL.id, '2026-03-02', '2026-03-04');
    const start = screen.getByLabelText(/Start date/);
    await waitFor(() =>
      expect(start).toHaveAccessibleDescription(
        'These dates overlap your PENDING request LV202603010900111111 (03 Mar 2026 – 05 Mar 2026).',
      ),
    );
    await changeLanguage('ms');
    try {
      await waitFor(() =>
        expect(screen.getByLabelText(/Tarikh mula/)).toHaveAccessibleDescription(
          'Tarikh ini bertindih dengan permohonan PENDING anda LV202603010900111111 (03 Mac 2026 – 05 Mac 2026).',
        ),
      );
    } finally {
      await changeLanguage('en');
    }
  });

  it('cancels a pending request and asks to cancel an approved one of a cancellable type', async () => {
    const api = stub({
      'POST /leave/requests/:referenceId/cancel': ({ params }) =>
        leaveRequest({ referenceId: params.referenceId ?? '', status: params.referenceId?.endsWith('1') ? 3 : 4 }),
    });
    const user = userEvent.setup();
    renderLeavePage(<LeavePage />, PAGE_URL);
    await screen.findByRole('table');
    // Medical leave cannot be cancelled (docs/product/leave.md); rejected has nothing to cancel.
    expect(screen.getAllByRole('button', { name: /^(Cancel request|Request cancellation of)/ })).toHaveLength(2);
    expect(
      screen.queryByRole('button', { name: /^(Cancel request|Request cancellation of) LV202603010900333333$/ }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel request LV202603010900111111' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this request?' });
    await user.type(within(dialog).getByLabelText('Remarks'), 'Plans changed');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Request LV202603010900111111 cancelled.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/leave/requests/LV202603010900111111/cancel')[0]?.body).toEqual({
      remarks: 'Plans changed',
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Request cancellation of LV202603010900222222' }));
    const second = await screen.findByRole('dialog', { name: 'Request cancellation?' });
    await user.click(within(second).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Cancellation of LV202603010900222222 requested.')).toBeInTheDocument();
  });

  it('shows a broken rule that names no form field in the day-count panel', async () => {
    stub({
      'POST /leave/requests/preview': () => {
        throw validationError('Not enough Annual Leave: 1 day available');
      },
    });
    renderLeavePage(<LeavePage />, PAGE_URL);
    await fillRequest(ANNUAL.id, '2026-03-02', '2026-03-04');
    await waitFor(() => expect(previewPanel()).toHaveTextContent('Not enough Annual Leave: 1 day available'));
    expect(submitButton()).toBeDisabled();
  });

  it('stacks my requests as cards on a phone', async () => {
    setViewportWidth(390);
    stub();
    renderLeavePage(<LeavePage />, PAGE_URL);
    const list = await screen.findByRole('list', { name: `My requests from ${year} on` });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const first = within(list).getAllByRole('listitem')[0];
    expect(first).toHaveTextContent('Annual Leave');
    expect(first).toHaveTextContent('02 Mar 2026 – 04 Mar 2026');
    expect(
      within(first as HTMLElement).getByRole('button', { name: 'Cancel request LV202603010900111111' }),
    ).toBeVisible();
  });

  it('speaks Bahasa Malaysia', async () => {
    await changeLanguage('ms');
    try {
      stub();
      renderLeavePage(<LeavePage />, PAGE_URL);
      expect(screen.getByRole('heading', { level: 1, name: 'Cuti Saya' })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Mohon cuti' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Hantar permohonan' })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'Sehari Penuh' })).toBeChecked();
      // Taken and booked days are told apart in Malay too.
      expect(await screen.findAllByText('Ditempah')).not.toHaveLength(0);
      // Status names stay the seed's.
      expect(await screen.findAllByText('PENDING')).not.toHaveLength(0);
    } finally {
      await changeLanguage('en');
      localStorage.clear();
    }
  });

  it('says once, calmly, why there is nothing to show without a staff leave record, and who adds it', async () => {
    const message = 'You have no staff leave record yet, so there is no leave to show or apply for.';
    const api = stub({
      'GET /leave/me': () => {
        throw new AppError('NO_STAFF_RECORD', message);
      },
    });
    renderLeavePage(<LeavePage />, PAGE_URL);
    const explanation = (await screen.findByText('No staff leave record yet')).closest('[role="status"]');
    expect(explanation).toHaveTextContent('An HR administrator adds it in the E-Leave System Admin');
    expect(screen.getAllByText('No staff leave record yet')).toHaveLength(1);
    // Not an error: no red notification repeating the server's words.
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Apply for leave' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/leave/requests/mine')).toHaveLength(0);
  });

  it("shows the history of a request: who, when (in the organisation's time) and remarks", async () => {
    const api = stub({
      'GET /leave/requests/:referenceId/history': () =>
        leaveRequestEventSchema.array().parse([
          { fromStatus: null, toStatus: 0, actorName: 'Aisyah', remarks: null, at: '2026-03-01T01:00:00.000Z' },
          { fromStatus: 0, toStatus: 1, actorName: 'Farid', remarks: 'Enjoy', at: '2026-03-01T07:30:00.000Z' },
        ]),
    });
    const user = userEvent.setup();
    renderLeavePage(<LeavePage />, PAGE_URL);
    await user.click(await screen.findByRole('button', { name: 'History of LV202603010900222222' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of LV202603010900222222' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Applied by Aisyah01 Mar 2026, 9.00am',
      'APPROVED by Farid01 Mar 2026, 3.30pm · Enjoy',
    ]);
    expect(api.callsTo('GET', '/leave/requests/LV202603010900222222/history')).toHaveLength(1);
  });
});
