import { ActingApproverPanel } from '../../features/staff-movement/components/acting-approver-panel';
import { LeaveApprovalPage } from '../../features/leave/leave-approval-page';

/** The approval queue, then the approver's acting-approver set-up (docs/product/screens.md: LeaveApprovalPage). */
export function LeaveApprovalRoute() {
  return <LeaveApprovalPage actingApprover={<ActingApproverPanel />} />;
}
