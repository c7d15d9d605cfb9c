import { ActingApproverPanel } from '../../features/staff-movement/components/acting-approver-panel';
import { LeaveApprovalPage } from '../../features/leave/leave-approval-page';

/** The approval queue with the approver's acting-approver set-up above it (PRODUCT.md §4, §5a). */
export function LeaveApprovalRoute() {
  return <LeaveApprovalPage actingApprover={<ActingApproverPanel />} />;
}
