import type { GuardGroup } from '@staff-portal/shared/groups';
import { lazyWithPreload, type PreloadableComponent } from '../lib/lazy-component';

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
   * user. Recorded now, enforced by the route-guard issue.
   */
  guards: readonly GuardGroup[];
}

/** A page loaded on first render; `preload` starts its code sooner (a route's loader does). */
export type LazyPage = PreloadableComponent;

// Named exports, so each page picks its component out of the module.
const UnderConstructionPage = lazyWithPreload(
  () => import('./routes/under-construction'),
  (module) => module.UnderConstructionPage,
);
const HomePage = lazyWithPreload(
  () => import('./routes/home'),
  (module) => module.HomePage,
);
const NotFoundPage = lazyWithPreload(
  () => import('./routes/not-found'),
  (module) => module.NotFoundPage,
);
const UnauthorizedPage = lazyWithPreload(
  () => import('./routes/unauthorized'),
  (module) => module.UnauthorizedPage,
);
const ProfilePage = lazyWithPreload(
  () => import('../features/account/profile-page'),
  (module) => module.ProfilePage,
);
const ChangePasswordPage = lazyWithPreload(
  () => import('../features/account/change-password-page'),
  (module) => module.ChangePasswordPage,
);
const hubPage = (name: 'SharedPage' | 'HRServicesPage' | 'LeaveServicesPage' | 'IRServicesPage') =>
  lazyWithPreload(
    () => import('./routes/hub-pages'),
    (module) => module[name],
  );
const SharedPage = hubPage('SharedPage');
const HRServicesPage = hubPage('HRServicesPage');
const LeaveServicesPage = hubPage('LeaveServicesPage');
const IRServicesPage = hubPage('IRServicesPage');
const LeavePage = lazyWithPreload(
  () => import('../features/leave/leave-page'),
  (module) => module.LeavePage,
);
const LeaveHistoryPage = lazyWithPreload(
  () => import('../features/leave/leave-history-page'),
  (module) => module.LeaveHistoryPage,
);
const LeaveApprovalPage = lazyWithPreload(
  () => import('./routes/leave-approval'),
  (module) => module.LeaveApprovalRoute,
);
const StaffMovementPage = lazyWithPreload(
  () => import('../features/staff-movement/staff-movement-page'),
  (module) => module.StaffMovementPage,
);
const LeaveAdminPage = lazyWithPreload(
  () => import('../features/leave-admin/leave-admin-page'),
  (module) => module.LeaveAdminPage,
);
const UpdateLeaveUserPage = lazyWithPreload(
  () => import('../features/leave-admin/update-leave-user-page'),
  (module) => module.UpdateLeaveUserPage,
);
const AccessControlPage = lazyWithPreload(
  () => import('./access-control-route'),
  (module) => module.AccessControlRoute,
);
// The IR screens come in their own chunks, with their texts (decision record 0040).
const MemberLookupPage = lazyWithPreload(
  () => import('../features/ir/member-lookup-page'),
  (module) => module.MemberLookupPage,
);
const ViewMemberDetailsPage = lazyWithPreload(
  () => import('../features/ir/member-details-page'),
  (module) => module.MemberDetailsPage,
);
const SearchGrievances = lazyWithPreload(
  () => import('../features/ir/search-grievances-page'),
  (module) => module.SearchGrievancesPage,
);
const ViewGrievanceDetailsPage = lazyWithPreload(
  () => import('../features/ir/grievance-details-page'),
  (module) => module.GrievanceDetailsPage,
);
const IRAdminPage = lazyWithPreload(
  () => import('../features/ir-admin/ir-admin-page'),
  (module) => module.IRAdminPage,
);
// The posts screens: one chunk for both lists, one for the create and edit screen (docs/product/screens.md §13).
const AnnouncementsPage = lazyWithPreload(
  () => import('../features/posts/posts-list-page'),
  (module) => module.AnnouncementsPage,
);
const StaffInformationPage = lazyWithPreload(
  () => import('../features/posts/posts-list-page'),
  (module) => module.StaffInformationPage,
);
const PostEditorPage = lazyWithPreload(
  () => import('../features/posts/post-editor-page'),
  (module) => module.PostEditorPage,
);
const TeamSpacePage = lazyWithPreload(
  () => import('../features/team-space/team-space-page'),
  (module) => module.TeamSpacePage,
);
const ITAdminPage = lazyWithPreload(
  () => import('../features/it-admin/it-admin-page'),
  (module) => module.ITAdminPage,
);

/**
 * The screen each page name shows. A feature issue replaces its page's entry with its own
 * lazily imported page; every route naming that page follows (claims, payslips and
 * cognito-forms name TeamSpace, as the seed says).
 */
export const pages: Record<PageName, LazyPage> = {
  Home: HomePage,
  Unauthorized: UnauthorizedPage,
  Profile: ProfilePage,
  ChangePassword: ChangePasswordPage,
  TeamSpace: TeamSpacePage,
  NotFound: NotFoundPage,
  Announcements: AnnouncementsPage,
  CreateAnnouncement: PostEditorPage,
  UpdateAnnouncement: PostEditorPage,
  StaffInformation: StaffInformationPage,
  SharedPage,
  HRServicesPage,
  LeaveServicesPage,
  LeavePage,
  LeaveHistoryPage,
  StaffMovementPage,
  LeaveApprovalPage,
  LeaveAdminPage,
  UpdateLeaveUserPage,
  IRServicesPage,
  MemberLookupPage,
  ViewMemberDetailsPage,
  SearchGrievances,
  ViewGrievanceDetailsPage,
  IRAdminPage,
  // The seed shows nothing for PO; docs/product/screens.md keeps it under construction.
  PoPage: UnderConstructionPage,
  AccessControlPage,
  ITAdminPage,
};

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
