// The leave module, as three people use it (decision records 0022, 0028): a member of staff, their
// team's approver, and an HR admin deciding pending requests one after another. Its screens are
// loaded in a browser before any API row (page-load.ts, engine.ts); its reads come before the other
// modules' lists, and its decisions after them, on the requests still pending.
import { benchStaffEmail } from '../generate-leave';
import { whileWriting } from '../measure';
import { SCREEN_NAMES, type ScreenSpec } from '../page-load';
import type { Bench, Scenario } from './scenario';

/**
 * The three leave screens of decision record 0028, as the bench's people open them: a member of
 * staff their own leave, their team's approver the queue, and an HR admin that member's staff
 * record.
 */
export function leaveScreens(names: readonly string[] = SCREEN_NAMES): ScreenSpec[] {
  const leave = '/shared/hr-services/leave';
  const memberStaffId = `LVUSR${String(21).padStart(10, '0')}`;
  const screens: ScreenSpec[] = [
    { name: 'my-leaves', label: 'My Leaves', path: `${leave}/my-leaves`, from: leave, email: benchStaffEmail(21) },
    { name: 'approval', label: 'Approval', path: `${leave}/approval`, from: leave, email: benchStaffEmail(20) },
    {
      name: 'staff-record',
      label: 'Staff record',
      path: `${leave}/admin/${memberStaffId}`,
      from: `${leave}/admin?search=${encodeURIComponent('Bench Staff 21')}`,
      email: benchStaffEmail(0),
    },
  ];
  return screens.filter((screen) => names.includes(screen.name));
}

/** An HR admin's decision on a pending request. */
async function decisionOf(bench: Bench) {
  const { admin } = await bench.people();
  return {
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ decision: 'approve', remarks: 'Bench' }),
    path: (referenceId: string) => `/api/leave/requests/${referenceId}/decision`,
  };
}

/**
 * A member of staff's balances and requests, and their team's approver's queue, saturating and
 * paced; then the queue again while an HR admin decides a request every second.
 */
export const leave: Scenario = {
  name: 'leave',
  run: async (bench) => {
    const { member, approver } = await bench.people();
    const rows = [
      ...(await bench.measureBoth('GET /api/leave/me', '/api/leave/me', member)),
      ...(await bench.measureBoth('GET /api/leave/requests/mine', '/api/leave/requests/mine', member)),
      ...(await bench.measureBoth('GET /api/leave/approvals', '/api/leave/approvals', approver)),
    ];
    // The approval queue again while an HR admin decides a request every second: each decision
    // changes leave data, so the read cache (decision record 0023) is emptied that often, far
    // more often than a real organisation writes.
    const decision = await decisionOf(bench);
    const { pending, duration } = bench;
    const writing = pending.splice(pending.length - Math.min(duration + 5, Math.floor(pending.length / 4)));
    rows.push(
      await whileWriting(
        async () => {
          const referenceId = writing.shift();
          if (referenceId === undefined) return;
          const response = await fetch(`${bench.url}${decision.path(referenceId)}`, {
            method: 'POST',
            headers: decision.headers,
            body: decision.body,
          });
          await response.arrayBuffer();
          // A refused decision writes nothing, and the row would measure a cache never emptied.
          if (!response.ok) throw new Error(`bench decision ${referenceId} answered ${response.status}`);
        },
        () =>
          bench.measurePaced('GET /api/leave/approvals (a decision every second)', () => ({
            path: '/api/leave/approvals',
            headers: approver,
          })),
      ),
    );
    return rows;
  },
};

/**
 * Decisions, each on a request still pending (a repeat would only measure the 409): the paced
 * row takes what its users can send in the time (or half of what is pending), the saturating
 * row at most 2,000 of the rest.
 */
export const leaveDecisions: Scenario = {
  name: 'leave-decisions',
  run: async (bench) => {
    const decision = await decisionOf(bench);
    const { pending, connections, duration } = bench;
    const rows = [];
    const pacedShare = Math.min(connections * duration, Math.floor(pending.length / 2));
    const saturating = pending.slice(pacedShare, pacedShare + 2000);
    if (saturating.length > 0) {
      let next = 0;
      rows.push(
        await bench.measure('POST /api/leave/requests/:id/decision', {
          url: bench.url,
          method: 'POST',
          headers: decision.headers,
          body: decision.body,
          amount: saturating.length,
          requests: [{ setupRequest: (request) => ({ ...request, path: decision.path(saturating[next++]!) }) }],
        }),
      );
    }
    const paced = pending.slice(0, pacedShare);
    if (paced.length > 0) {
      let next = 0;
      rows.push(
        await bench.measurePaced('POST /api/leave/requests/:id/decision', () =>
          next < paced.length
            ? { path: decision.path(paced[next++]!), method: 'POST', headers: decision.headers, body: decision.body }
            : undefined,
        ),
      );
    }
    return rows;
  },
};
