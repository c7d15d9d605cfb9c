import { forbidden } from '@staff-portal/shared/errors';
import { screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HomeLeaveSummary } from './home-leave-summary';
import { stubLeaveApi } from './test/leave-api-double';
import { approvalItem, leaveRequest, myLeave, pageFrom } from './test/leave-fixtures';
import { renderLeavePage } from './test/render-leave';

const year = dayjs().year();

describe('HomeLeaveSummary', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the balances in use, my pending requests and the approvals waiting for me', async () => {
    const api = stubLeaveApi({
      'GET /leave/me': () => myLeave(year),
      'GET /leave/requests/mine': () => pageFrom([leaveRequest()], 1, 1, 2),
      'GET /leave/approvals': () => [approvalItem(), approvalItem(), approvalItem()],
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
    expect(Object.fromEntries(api.callsTo('GET', '/leave/requests/mine')[0]?.query ?? [])).toEqual({
      year: String(year),
      status: '0',
      page: '1',
      pageSize: '1',
    });
  });

  it('shows nothing, and no error, for someone without a staff leave record', async () => {
    const api = stubLeaveApi({
      'GET /leave/me': () => {
        throw forbidden('You have no staff leave record yet.');
      },
      'GET /leave/requests/mine': () => {
        throw forbidden('You have no staff leave record yet.');
      },
      'GET /leave/approvals': () => [],
    });
    const { container } = renderLeavePage(<HomeLeaveSummary />, '/');
    await waitFor(() => expect(api.calls).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByText(/no staff leave record/)).not.toBeInTheDocument();
    expect(container.querySelector('section')).toBeNull();
  });
});
