/**
 * What other modules may use of E-Leave (CONTRIBUTING.md §3.2, module boundaries): its services,
 * balances, leave types and holidays, the request queries the admin screens share, and who is
 * away, which the staff movement calendar and the team space read.
 */
export { createLeaveServices } from './leave-services';
export type { LeaveModuleOptions } from './leave-services';
export type { LeaveRequestService } from './leave-requests.service';
export { balancesOf, balancesOfMany } from './leave-balances.service';
export { entitlementRows, requestDaysBetween, requestsReaching } from './leave-balances.repository';
export { findLeaveType, holidaysBetween, listLeaveTypes, myRequests, overlapsDates } from './leave.repository';
export type { LeaveTypeRow } from './leave.repository';
export { AWAY_STATUSES, activeStaffOfAccounts, awayLeave, hasNoAccounts } from './leave-away.repository';
export type { AccountScope, AwayDates, AwayLeaveRow, AwayOptions, AwayStaff } from './leave-away.repository';
