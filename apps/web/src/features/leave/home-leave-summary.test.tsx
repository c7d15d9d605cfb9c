import { forbidden } from '@staff-portal/shared/errors';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HomeLeaveSummary } from './home-leave-summary';
import { stubLeaveApi } from '../../test/leave-api-double';
import { summary } from '../../test/leave-fixtures';
import { renderLeavePage } from '../../test/render-leave';

const year = 2026;

describe('HomeLeaveSummary', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the balances in use, my requests waiting and the approvals waiting for me', async () => {
    const api = stubLeaveApi({
      'GET /leave/summary': () => summary({ myRequestsWaiting: 2, approvalsWaiting: 3 }),
    });
    renderLeavePage(<HomeLeaveSummary />, '/');
    expect(await screen.findByRole('heading', { name: `My leave in ${year}` })).toBeInTheDocument();
    expect(screen.getByText('Annual Leave').nextSibling).toHaveTextContent('12.5 days available');
    expect(screen.getByRole('link', { name: '2 requests waiting for a decision' })).toHaveAttribute(
      'href',
      '/shared/hr-services/leave/my-leaves',
    );
    expect(screen.getByRole('link', { name: '3 requests waiting for your approval' })).toHaveAttribute(
      'href',
      '/shared/hr-services/leave/approval',
    );
    expect(api.calls).toHaveLength(1);
  });

  it('says "1 day", not "1 days"', async () => {
    const [annual] = summary().balances!;
    stubLeaveApi({ 'GET /leave/summary': () => summary({ balances: [{ ...annual!, available: 1 }] }) });
    renderLeavePage(<HomeLeaveSummary />, '/');
    await screen.findByText('Annual Leave');
    expect(screen.getByText('Annual Leave').nextSibling).toHaveTextContent(/^1 day available$/);
  });

  it('shows only the approvals to an approver without a staff leave record, and no link when none wait', async () => {
    stubLeaveApi({
      'GET /leave/summary': () => summary({ balances: null, myRequestsWaiting: null, approvalsWaiting: 1 }),
    });
    renderLeavePage(<HomeLeaveSummary />, '/');
    expect(await screen.findByRole('link', { name: '1 request waiting for your approval' })).toBeInTheDocument();
    expect(screen.queryByText('Annual Leave')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /waiting for a decision/ })).not.toBeInTheDocument();
  });

  it('shows nothing, and no error, for someone without a staff leave record and nothing to approve', async () => {
    const api = stubLeaveApi({
      'GET /leave/summary': () => summary({ balances: null, myRequestsWaiting: null, approvalsWaiting: 0 }),
    });
    const { container } = renderLeavePage(<HomeLeaveSummary />, '/');
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(container.querySelector('section')).toBeNull();
  });

  it('keeps quiet when the server fails: no section and no notification', async () => {
    const api = stubLeaveApi({
      'GET /leave/summary': () => {
        throw forbidden('Only HR can use E-Leave.');
      },
    });
    const { container } = renderLeavePage(<HomeLeaveSummary />, '/');
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Only HR/)).not.toBeInTheDocument();
    expect(container.querySelector('section')).toBeNull();
  });
});
