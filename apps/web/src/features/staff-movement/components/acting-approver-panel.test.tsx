import { validationError } from '@staff-portal/shared/errors';
import { delegationInputSchema } from '@staff-portal/shared/staff-movement';
import type { Delegation, MyDelegations } from '@staff-portal/shared/staff-movement';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubLeaveApi } from '../../../test/leave-api-double';
import { renderInApp } from '../test/render-page';
import { ActingApproverPanel } from './acting-approver-panel';

const ME = 'LVUSR0000000002';

function delegation(overrides: Partial<Delegation>): Delegation {
  return {
    id: 1,
    approverStaffId: ME,
    approverName: 'Tan Mei Ling',
    delegateStaffId: 'LVUSR0000000003',
    delegateName: 'Muhammad Hafiz',
    fromDate: '2027-03-10',
    toDate: '2027-03-12',
    active: true,
    createdAt: '2027-03-01T00:00:00.000Z',
    ...overrides,
  };
}

function stub(initial: MyDelegations) {
  let state = initial;
  return stubLeaveApi({
    'GET /leave/delegations': () => state,
    'GET /leave/delegations/candidates': (request) =>
      [
        { staffId: 'LVUSR0000000003', staffName: 'Muhammad Hafiz', departmentCode: 'HR' },
        { staffId: 'LVUSR0000000004', staffName: 'Priya Nair', departmentCode: 'HR' },
      ].filter((c) => c.staffName.toLowerCase().includes((request.query.get('search') ?? '').toLowerCase())),
    'POST /leave/delegations': (request) => {
      const input = delegationInputSchema.parse(request.body);
      if (state.mine.some((d) => d.fromDate <= input.toDate && d.toDate >= input.fromDate)) {
        throw validationError('These dates overlap your delegation from 2027-03-10 to 2027-03-12.', 'fromDate');
      }
      const created = delegation({
        id: 2,
        delegateStaffId: input.delegateStaffId,
        delegateName: 'Priya Nair',
        fromDate: input.fromDate,
        toDate: input.toDate,
        active: false,
      });
      state = { ...state, mine: [...state.mine, created] };
      return created;
    },
    'DELETE /leave/delegations/:id': (request) => {
      state = { ...state, mine: state.mine.filter((d) => String(d.id) !== request.params.id) };
      return null;
    },
  });
}

describe('ActingApproverPanel', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-03-10T02:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists my acting approvers and those I act for', async () => {
    stub({
      mine: [delegation({})],
      actingFor: [delegation({ id: 5, approverName: 'Aisyah Rahman', delegateName: 'Tan Mei Ling', active: false })],
    });
    renderInApp(<ActingApproverPanel />);
    const mine = await screen.findByRole('list', { name: 'Your acting approvers' });
    expect(mine).toHaveTextContent('Muhammad Hafiz, 10 Mar 2027 – 12 Mar 2027');
    expect(within(mine).getByText('Active now')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'You are acting approver for' })).toHaveTextContent(
      'Aisyah Rahman, 10 Mar 2027 – 12 Mar 2027',
    );
  });

  it('adds a delegate picked by name, for the dates given', async () => {
    const api = stub({ mine: [], actingFor: [] });
    const user = userEvent.setup();
    renderInApp(<ActingApproverPanel />);
    expect(await screen.findByText('You have named nobody.')).toBeInTheDocument();
    // Nobody picked: refused on the field, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please choose a colleague.')).toBeInTheDocument();

    await user.type(screen.getByRole('combobox', { name: 'Acting approver' }), 'pri');
    await user.click(await screen.findByRole('option', { name: 'Priya Nair (HR)' }));
    const to = screen.getByLabelText(/^To/);
    await user.clear(to);
    await user.type(to, '20/03/2027');
    await user.clear(screen.getByLabelText(/^From/));
    await user.type(screen.getByLabelText(/^From/), '15/03/2027');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.callsTo('POST', '/leave/delegations')).toHaveLength(1));
    expect(api.callsTo('POST', '/leave/delegations')[0]?.body).toEqual({
      delegateStaffId: 'LVUSR0000000004',
      fromDate: '2027-03-15',
      toDate: '2027-03-20',
    });
    expect(await screen.findByRole('list', { name: 'Your acting approvers' })).toHaveTextContent(
      'Priya Nair, 15 Mar 2027 – 20 Mar 2027',
    );
  });

  it('shows the server’s refusal on the field it names, and removes a delegation', async () => {
    const api = stub({ mine: [delegation({})], actingFor: [] });
    const user = userEvent.setup();
    renderInApp(<ActingApproverPanel />);
    await screen.findByRole('list', { name: 'Your acting approvers' });
    await user.type(screen.getByRole('combobox', { name: 'Acting approver' }), 'pri');
    await user.click(await screen.findByRole('option', { name: 'Priya Nair (HR)' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('These dates overlap your delegation from 2027-03-10 to 2027-03-12.', {
        selector: 'p',
      }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Muhammad Hafiz as acting approver' }));
    expect(await screen.findByText('You have named nobody.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/leave/delegations/1')).toHaveLength(1);
  });
});
