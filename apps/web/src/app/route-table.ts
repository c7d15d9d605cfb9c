import { lazyWithPreload, type PreloadableComponent } from '../lib/lazy-component';
import type { PageName } from './route-paths';

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
 * The screen each page name shows. A new feature replaces its page's entry with its own lazily
 * imported page; every route naming that page follows (claims, payslips and cognito-forms name
 * TeamSpace, as docs/product/specification.md §2 says).
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
