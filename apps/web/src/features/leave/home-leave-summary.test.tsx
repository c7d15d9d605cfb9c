import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HomeLeaveSummary } from './home-leave-summary';
import { summary } from '../../test/leave-fixtures';
import { renderLeavePage } from '../../test/render-leave';

const year = 2026;

describe('HomeLeaveSummary', () => {
  it('shows the balances in use, my requests waiting and the approvals waiting for me', async () => {
    renderLeavePage(<HomeLeaveSummary summary={summary({ myRequestsWaiting: 2, approvalsWaiting: 3 })} />, '/');
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
  });

  it('says "1 day", not "1 days"', async () => {
    const [annual] = summary().balances!;
    renderLeavePage(<HomeLeaveSummary summary={summary({ balances: [{ ...annual!, available: 1 }] })} />, '/');
    await screen.findByText('Annual Leave');
    expect(screen.getByText('Annual Leave').nextSibling).toHaveTextContent(/^1 day available$/);
  });

  it('shows only the approvals to an approver without a staff leave record, and no link when none wait', async () => {
    renderLeavePage(
      <HomeLeaveSummary summary={summary({ balances: null, myRequestsWaiting: null, approvalsWaiting: 1 })} />,
      '/',
    );
    expect(await screen.findByRole('link', { name: '1 request waiting for your approval' })).toBeInTheDocument();
    expect(screen.queryByText('Annual Leave')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /waiting for a decision/ })).not.toBeInTheDocument();
  });

  it('shows nothing for someone without a staff leave record and nothing to approve', async () => {
    const { container } = renderLeavePage(
      <HomeLeaveSummary summary={summary({ balances: null, myRequestsWaiting: null, approvalsWaiting: 0 })} />,
      '/',
    );
    expect(await screen.findByTestId('location')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(container.querySelector('section')).toBeNull();
  });
});
