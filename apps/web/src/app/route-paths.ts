import type { GuardGroup } from '@staff-portal/shared/groups';

// The routes as data: paths, page names and guards. The pages' code is in route-table.ts, which
// imports the pages; what the pages need of the routes (link cards) comes from here, so no page
// imports the module that imports it.

/**
 * Guard groups of docs/product/specification.md §1, §6. Which departments each admits is the shared group check's
 * business (docs/product/access.md); the table only records which group a route asks for.
 */
export type { GuardGroup };

/** Page names of docs/product/specification.md §2 ("Pages named only"), plus the pages the seed describes without a name. */
export type PageName =
  | 'Home'
  | 'Unauthorized'
  | 'Profile'
  | 'ChangePassword'
  | 'TeamSpace'
  | 'NotFound'
  | 'Announcements'
  | 'CreateAnnouncement'
  | 'UpdateAnnouncement'
  | 'StaffInformation'
  | 'SharedPage'
  | 'HRServicesPage'
  | 'LeaveServicesPage'
  | 'LeavePage'
  | 'LeaveHistoryPage'
  | 'StaffMovementPage'
  | 'LeaveApprovalPage'
  | 'LeaveAdminPage'
  | 'UpdateLeaveUserPage'
  | 'IRServicesPage'
  | 'MemberLookupPage'
  | 'ViewMemberDetailsPage'
  | 'SearchGrievances'
  | 'ViewGrievanceDetailsPage'
  | 'IRAdminPage'
  | 'PoPage'
  | 'AccessControlPage'
  | 'ITAdminPage';

export interface AppRouteEntry {
  path: string;
  page: PageName;
  /**
   * Groups that may open the route; the user needs any one of them. Empty: every signed-in
   * user. Enforced by app/route-guard.tsx, and by the server on every call
   * (docs/product/access.md §3, §4).
   */
  guards: readonly GuardGroup[];
}

/** Every route of docs/product/specification.md §2 "Application routes", all inside the common layout. */
export const routeTable: readonly AppRouteEntry[] = [
  { path: '/', page: 'Home', guards: [] },
  { path: '/unauthorized', page: 'Unauthorized', guards: [] },
  { path: '/profile', page: 'Profile', guards: [] },
  { path: '/profile/reset-password', page: 'ChangePassword', guards: [] },
  { path: '/team-space', page: 'TeamSpace', guards: [] },

  // Create and detail screens are shared between announcements and staff-info (docs/product/specification.md §2).
  { path: '/announcements', page: 'Announcements', guards: ['ADMIN'] },
  { path: '/announcements/create', page: 'CreateAnnouncement', guards: ['ADMIN'] },
  { path: '/announcements/:id', page: 'UpdateAnnouncement', guards: ['ADMIN'] },
  { path: '/staff-info', page: 'StaffInformation', guards: ['ADMIN'] },
  { path: '/staff-info/create', page: 'CreateAnnouncement', guards: ['ADMIN'] },
  { path: '/staff-info/:id', page: 'UpdateAnnouncement', guards: ['ADMIN'] },

  // docs/product/departures.md: the shared landing and the IR hub also admit IR, so IR-only users reach
  // their own pages (the seed guards the whole shared area with SHARED alone).
  { path: '/shared', page: 'SharedPage', guards: ['SHARED', 'IR'] },
  { path: '/shared/hr-services', page: 'HRServicesPage', guards: ['SHARED'] },
  { path: '/shared/hr-services/leave', page: 'LeaveServicesPage', guards: ['SHARED'] },
  { path: '/shared/hr-services/leave/my-leaves', page: 'LeavePage', guards: ['SHARED'] },
  { path: '/shared/hr-services/leave/my-leaves/history', page: 'LeaveHistoryPage', guards: ['SHARED'] },
  { path: '/shared/hr-services/leave/staff-movement', page: 'StaffMovementPage', guards: ['SHARED'] },
  { path: '/shared/hr-services/leave/approval', page: 'LeaveApprovalPage', guards: ['SHARED'] },
  { path: '/shared/hr-services/leave/admin', page: 'LeaveAdminPage', guards: ['ADMIN'] },
  { path: '/shared/hr-services/leave/admin/:id', page: 'UpdateLeaveUserPage', guards: ['ADMIN'] },
  { path: '/shared/hr-services/claims', page: 'TeamSpace', guards: ['SHARED'] },
  { path: '/shared/hr-services/payslips', page: 'TeamSpace', guards: ['SHARED'] },
  { path: '/shared/hr-services/cognito-forms', page: 'TeamSpace', guards: ['SHARED'] },

  { path: '/shared/industrial-relations', page: 'IRServicesPage', guards: ['SHARED', 'IR'] },
  { path: '/shared/industrial-relations/member-lookup', page: 'MemberLookupPage', guards: ['IR'] },
  { path: '/shared/industrial-relations/member-lookup/:id', page: 'ViewMemberDetailsPage', guards: ['IR'] },
  { path: '/shared/industrial-relations/grievances', page: 'SearchGrievances', guards: ['IR'] },
  {
    path: '/shared/industrial-relations/grievances/:grievanceId',
    page: 'ViewGrievanceDetailsPage',
    guards: ['IR'],
  },
  { path: '/shared/industrial-relations/ir-admin', page: 'IRAdminPage', guards: ['IR'] },

  { path: '/shared/po', page: 'PoPage', guards: ['SHARED'] },
  { path: '/shared/access-control', page: 'AccessControlPage', guards: ['ADMIN'] },
  { path: '/it-admin', page: 'ITAdminPage', guards: ['ITAdmin'] },

  { path: '*', page: 'NotFound', guards: [] },
];
