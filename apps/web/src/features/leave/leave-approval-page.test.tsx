import { AppError, conflict } from '@staff-portal/shared/errors';
import { leaveDecisionInputSchema } from '@staff-portal/shared/leave';
import type { ApprovalItem } from '@staff-portal/shared/leave';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { LeaveApprovalPage } from './leave-approval-page';
import { stubLeaveApi } from '../../test/leave-api-double';
import type { Handler } from '../../test/leave-api-double';
import { approvalItem, leaveRequest } from '../../test/leave-fixtures';
import { renderLeavePage } from '../../test/render-leave';

const PAGE_URL = '/shared/hr-services/leave/approval';

const fresh = () => [
  approvalItem({
    referenceId: 'LV202603010900500001',
    staffName: 'Hafiz',
    startDate: '2026-03-09',
    endDate: '2026-03-11',
    days: 3,
    reason: 'Wedding',
    balanceAfter: 9,
    awayOnDates: [
      { staffName: 'Mei Ling', startDate: '2026-03-10', endDate: '2026-03-10', status: 1 },
      { staffName: 'Ravi', startDate: '2026-03-09', endDate: '2026-03-12', status: 0 },
    ],
    overThreshold: true,
  }),
  approvalItem({
    referenceId: 'LV202603010900500002',
    staffName: 'Siti',
    status: 4,
    startDate: '2026-04-01',
    endDate: '2026-04-01',
    dayType: 1,
    days: 0.5,
    reason: '',
    balanceAfter: 4,
  }),
];

/** The queue as a server keeps it: a decided request leaves it. */
function stub(decision?: Handler) {
  let queue: ApprovalItem[] = fresh();
  const api = stubLeaveApi({
    'GET /leave/approvals': () => queue,
    'POST /leave/requests/:referenceId/decision': async (request) => {
      const input = leaveDecisionInputSchema.parse(request.body);
      // Decided either way: by this call, or (a conflict) by someone else just before.
      queue = queue.filter((item) => item.referenceId !== request.params.referenceId);
      const answer = decision === undefined ? undefined : await decision(request);
      return (
        answer ??
        leaveRequest({ referenceId: request.params.referenceId ?? '', status: input.decision === 'approve' ? 1 : 2 })
      );
    },
  });
  return { ...api, decisions: () => api.calls.filter((call) => call.method === 'POST') };
}

const card = (name: string) => screen.getByRole('listitem', { name });

// Whole pages with a form and a user typing: slower than the default 5 s when the machine is busy.
describe('LeaveApprovalPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each request with what the approver needs to decide', async () => {
    stub();
    renderLeavePage(<LeaveApprovalPage />, PAGE_URL);
    expect(screen.getByRole('heading', { level: 1, name: 'Leave Approval' })).toBeInTheDocument();
    const hafiz = await screen.findByRole('listitem', { name: 'Hafiz' });
    expect(within(hafiz).getByText('New request')).toBeInTheDocument();
    expect(within(hafiz).getByText('Annual Leave · 09 Mar 2026 – 11 Mar 2026 · 3 days')).toBeInTheDocument();
    expect(within(hafiz).getByText('Reason: Wedding')).toBeInTheDocument();
    expect(hafiz).toHaveTextContent('Balance after: 9');
    expect(within(hafiz).getByText('Many in the department are already away on these dates.')).toBeInTheDocument();
    expect(within(hafiz).getByText(/Mei Ling: 10 Mar 2026/)).toBeInTheDocument();
    expect(within(hafiz).getByText(/Ravi: 09 Mar 2026 – 12 Mar 2026/)).toBeInTheDocument();

    const siti = card('Siti');
    expect(within(siti).getByText('Cancellation request')).toBeInTheDocument();
    expect(within(siti).getByText('PENDING CANCELLATION')).toBeInTheDocument();
    expect(within(siti).getByText('Annual Leave · 01 Apr 2026 · 0.5 days (AM)')).toBeInTheDocument();
    expect(siti).toHaveTextContent('Balance now: 4');
    expect(within(siti).getByText('Nobody else in the department is away on these dates.')).toBeInTheDocument();
    expect(within(siti).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows each year's balance after for a request over New Year, and why an allowance is lower", async () => {
    stubLeaveApi({
      'GET /leave/approvals': () => [
        approvalItem({
          staffName: 'Hafiz',
          startDate: '2026-12-28',
          endDate: '2027-01-05',
          days: 6,
          balanceAfter: 11,
          years: [
            { year: 2026, days: 4, balanceAfter: 11 },
            { year: 2027, days: 2, balanceAfter: 14 },
          ],
        }),
        approvalItem({
          staffName: 'Siti',
          leaveTypeId: 'LVE0003',
          leaveTypeName: 'Hospitalisation Leave',
          balanceAfter: 52,
          includes: { leaveTypeId: 'LVE0002', leaveTypeName: 'Medical Leave', days: 5 },
        }),
      ],
    });
    renderLeavePage(<LeaveApprovalPage />, PAGE_URL);
    const hafiz = await screen.findByRole('listitem', { name: 'Hafiz' });
    expect(hafiz).toHaveTextContent('Balance after: 2026 (4): 11 · 2027 (2): 14');
    expect(card('Siti')).toHaveTextContent('Balance after: 52');
    expect(card('Siti')).toHaveTextContent('Includes 5 days of Medical Leave: this allowance counts them too.');
  });

  it('approves with remarks and drops the request from the queue', async () => {
    const user = userEvent.setup();
    const api = stub();
    renderLeavePage(<LeaveApprovalPage />, PAGE_URL);
    await user.click(await screen.findByRole('button', { name: 'Approve LV202603010900500001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve LV202603010900500001?' });
    expect(dialog).toHaveTextContent('Hafiz: Annual Leave, 09 Mar 2026 – 11 Mar 2026 (3 days)');
    await user.type(within(dialog).getByLabelText('Remarks'), 'Enjoy');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Request LV202603010900500001 approved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.decisions().map((call) => [call.path, call.body])).toEqual([
      ['/leave/requests/LV202603010900500001/decision', { decision: 'approve', remarks: 'Enjoy' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Hafiz' })).not.toBeInTheDocument());
  });

  it('asks for the reason when rejecting, and sends nothing without one', async () => {
    const user = userEvent.setup();
    const api = stub();
    renderLeavePage(<LeaveApprovalPage />, PAGE_URL);
    await user.click(await screen.findByRole('button', { name: 'Reject LV202603010900500002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject LV202603010900500002?' });
    const reason = within(dialog).getByRole('textbox', { name: /^Reason for rejecting/ });
    expect(reason).toBeRequired();
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Give the reason: the applicant is told it.')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(api.decisions()).toEqual([]);

    await user.type(reason, 'Needed that day');
    expect(within(dialog).queryByText('Give the reason: the applicant is told it.')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Request LV202603010900500002 rejected.')).toBeInTheDocument();
    expect(api.decisions()[0]?.body).toEqual({ decision: 'reject', remarks: 'Needed that day' });
  });

  it('lists the queue before the acting-approver set-up, which comes once the queue has', async () => {
    stub();
    renderLeavePage(
      <LeaveApprovalPage actingApprover={<section aria-label="Acting approver">set-up</section>} />,
      PAGE_URL,
    );
    // Shown before the queue, the set-up would be pushed down under the pointer as the queue came.
    expect(screen.queryByRole('region', { name: 'Acting approver' })).not.toBeInTheDocument();
    const queue = await screen.findByRole('list', { name: 'Leave Approval' });
    const actingApprover = screen.getByRole('region', { name: 'Acting approver' });
    expect(queue.compareDocumentPosition(actingApprover) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the server’s message when someone decided first, and refreshes the queue', async () => {
    const user = userEvent.setup();
    const api = stub(() => {
      throw conflict('This request was already decided by Farid.');
    });
    renderLeavePage(<LeaveApprovalPage />, PAGE_URL);
    await user.click(await screen.findByRole('button', { name: 'Approve LV202603010900500001' }));
    const dialog = await screen.findByRole('dialog');
    const before = api.callsTo('GET', '/leave/approvals').length;
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This request was already decided by Farid.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/leave/approvals').length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Hafiz' })).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'Siti' })).toBeInTheDocument();
  });

  it('approves the selected requests in bulk', async () => {
    const user = userEvent.setup();
    const api = stub();
    renderLeavePage(<LeaveApprovalPage />, PAGE_URL);
    const bulk = await screen.findByRole('button', { name: 'Approve selected (0)' });
    expect(bulk).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve 2 requests?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('2 requests approved.')).toBeInTheDocument();
    expect(api.decisions().map((call) => call.params.referenceId)).toEqual([
      'LV202603010900500001',
      'LV202603010900500002',
    ]);
    expect(await screen.findByText('No requests are waiting for you.')).toBeInTheDocument();
  });

  it('reports a bulk approval that partly failed in one summary', async () => {
    const user = userEvent.setup();
    stub(({ params }) => {
      if (params.referenceId === 'LV202603010900500002') throw conflict('Already decided by Farid.');
      return undefined;
    });
    renderLeavePage(<LeaveApprovalPage />, PAGE_URL);
    await user.click(await screen.findByRole('checkbox', { name: 'Select LV202603010900500002' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select LV202603010900500001' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('1 approved; 1 could not be approved: Already decided by Farid.'),
    ).toBeInTheDocument();
  });

  it('tells someone without a staff leave record so once, with no acting-approver set-up', async () => {
    stubLeaveApi({
      'GET /leave/approvals': () => {
        throw new AppError('NO_STAFF_RECORD', 'You have no staff leave record yet.');
      },
    });
    renderLeavePage(
      <LeaveApprovalPage actingApprover={<section aria-label="Acting approver">set-up</section>} />,
      PAGE_URL,
    );
    const explanation = (await screen.findByText('No staff leave record yet')).closest('[role="status"]');
    expect(explanation).toHaveTextContent('An HR administrator adds it');
    expect(screen.queryByRole('region', { name: 'Acting approver' })).not.toBeInTheDocument();
    expect(screen.queryByText('You have no staff leave record yet.')).not.toBeInTheDocument();
  });

  it('says so when nothing is waiting', async () => {
    stubLeaveApi({ 'GET /leave/approvals': () => [] });
    renderLeavePage(<LeaveApprovalPage />, PAGE_URL);
    expect(await screen.findByText('No requests are waiting for you.')).toBeInTheDocument();
  });

  it('opens an attachment for the approver', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:attachment';
    });
    URL.revokeObjectURL = vi.fn();
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const api = stubLeaveApi({
      'GET /leave/approvals': () => [
        approvalItem({ referenceId: 'LV202603010900500009', staffName: 'Hafiz', hasAttachment: true }),
        approvalItem({ referenceId: 'LV202603010900500010', staffName: 'Siti' }),
      ],
      'GET /leave/requests/:referenceId/attachment': () =>
        new Response(new Blob(['%PDF-1.7']), {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="mc.pdf"' },
        }),
    });
    renderLeavePage(<LeaveApprovalPage />, PAGE_URL);
    await user.click(await screen.findByRole('button', { name: 'Open the attachment of LV202603010900500009' }));
    await waitFor(() => expect(clicks).toHaveBeenCalledOnce());
    expect(api.callsTo('GET', '/leave/requests/LV202603010900500009/attachment')).toHaveLength(1);
    expect(blobs).toHaveLength(1);
    expect((clicks.mock.contexts[0] as HTMLAnchorElement).download).toBe('mc.pdf');
    // Only requests that carry one offer it.
    expect(
      screen.queryByRole('button', { name: 'Open the attachment of LV202603010900500010' }),
    ).not.toBeInTheDocument();
    clicks.mockRestore();
  });

  it('speaks Bahasa Malaysia', async () => {
    await changeLanguage('ms');
    try {
      stub();
      renderLeavePage(<LeaveApprovalPage />, PAGE_URL);
      expect(screen.getByRole('heading', { level: 1, name: 'Kelulusan Cuti' })).toBeInTheDocument();
      const siti = await screen.findByRole('listitem', { name: 'Siti' });
      expect(within(siti).getByText('Permohonan pembatalan')).toBeInTheDocument();
      expect(within(siti).getByText('Annual Leave · 01 Apr 2026 · 0.5 hari (AM)')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Luluskan LV202603010900500001' })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
      localStorage.clear();
    }
  });
});
