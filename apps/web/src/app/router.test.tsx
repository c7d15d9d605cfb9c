import { screen } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { testAuth, testUser } from '../test/auth';
import { renderApp } from '../test/render-app';
import { routeTable } from './route-paths';
import { pages } from './route-table';
import type { AppRouteHandle } from './router';
import { routes } from './router';

// Seed §2 "Application routes", written out here rather than read from the table, so a route
// dropped from the table fails this test.
const seedPaths = [
  '/',
  '/unauthorized',
  '/profile',
  '/profile/reset-password',
  '/team-space',
  '/announcements',
  '/announcements/create',
  '/announcements/:id',
  '/staff-info',
  '/staff-info/create',
  '/staff-info/:id',
  '/shared',
  '/shared/hr-services',
  '/shared/hr-services/leave',
  '/shared/hr-services/leave/my-leaves',
  '/shared/hr-services/leave/my-leaves/history',
  '/shared/hr-services/leave/staff-movement',
  '/shared/hr-services/leave/approval',
  '/shared/hr-services/leave/admin',
  '/shared/hr-services/leave/admin/:id',
  '/shared/hr-services/claims',
  '/shared/hr-services/payslips',
  '/shared/hr-services/cognito-forms',
  '/shared/industrial-relations',
  '/shared/industrial-relations/member-lookup',
  '/shared/industrial-relations/member-lookup/:id',
  '/shared/industrial-relations/grievances',
  '/shared/industrial-relations/grievances/:grievanceId',
  '/shared/industrial-relations/ir-admin',
  '/shared/po',
  '/shared/access-control',
  '/it-admin',
  '*',
];

const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, 'ABC123').replace('*', 'no/such/page');

function leafHandle(url: string): AppRouteHandle {
  const matches = matchRoutes(routes, url);
  const leaf = matches?.at(-1);
  if (leaf === undefined) throw new Error(`no route matches ${url}`);
  return leaf.route.handle as AppRouteHandle;
}

// ITAdmin passes every guard (docs/product/specification.md §6), so every route shows its own page.
const itAdmin = testAuth(testUser({ department: ['ITAdmin'] }));

async function headingAt(url: string) {
  const { view } = renderApp([url], itAdmin);
  // A page's first load imports its chunk (the change-password page brings Amplify's auth
  // client): more than the default second on a busy machine.
  const heading = await screen.findByRole('heading', { level: 1 });
  const text = heading.textContent;
  view.unmount();
  return text;
}

describe('route table', () => {
  it('declares every route of docs/product/specification.md §2 and nothing else', () => {
    expect(routeTable.map((route) => route.path).sort()).toEqual([...seedPaths].sort());
  });

  it('loads every page lazily, each with a preload for its code', async () => {
    for (const page of Object.values(pages)) {
      expect(typeof page.preload).toBe('function');
    }
    // Preloading gives the page's module (the same one every time).
    const home = await pages.Home.preload();
    expect(await pages.Home.preload()).toBe(home);
    expect(home).toHaveProperty('HomePage');
  });

  it('records the seed guard group of each area', () => {
    expect(leafHandle('/')).toEqual({ page: 'Home', guards: [] });
    expect(leafHandle('/announcements/42')).toEqual({ page: 'UpdateAnnouncement', guards: ['ADMIN'] });
    expect(leafHandle('/staff-info/create')).toEqual({ page: 'CreateAnnouncement', guards: ['ADMIN'] });
    expect(leafHandle('/shared/hr-services/leave/approval').guards).toEqual(['SHARED']);
    expect(leafHandle('/shared/hr-services/leave/admin/7')).toEqual({ page: 'UpdateLeaveUserPage', guards: ['ADMIN'] });
    expect(leafHandle('/shared/access-control').guards).toEqual(['ADMIN']);
    expect(leafHandle('/shared/industrial-relations/grievances/G1')).toEqual({
      page: 'ViewGrievanceDetailsPage',
      guards: ['IR'],
    });
    expect(leafHandle('/shared').guards).toEqual(['SHARED', 'IR']);
    expect(leafHandle('/it-admin').guards).toEqual(['ITAdmin']);
  });

  it('shows the team-space screen for claims, payslips and cognito-forms', () => {
    for (const leaf of ['claims', 'payslips', 'cognito-forms']) {
      expect(leafHandle(`/shared/hr-services/${leaf}`).page).toBe('TeamSpace');
    }
  });
});

describe('router', () => {
  // Pages built so far, by the heading they show; every other seed route is under construction.
  const builtPages: Record<string, string> = {
    '/': 'Welcome, Aisyah',
    '/profile': 'Profile',
    '/profile/reset-password': 'Change Password',
    '/team-space': 'Team Space',
    '/announcements': 'Announcements',
    '/announcements/create': 'New announcement',
    '/announcements/:id': 'Edit announcement',
    '/staff-info': 'Staff Information',
    '/staff-info/create': 'New staff information',
    '/staff-info/:id': 'Edit staff information',
    '/shared/hr-services/claims': 'Team Space',
    '/shared/hr-services/payslips': 'Team Space',
    '/shared/hr-services/cognito-forms': 'Team Space',
    '/shared': 'Shared',
    '/shared/hr-services': 'HR Services',
    '/shared/hr-services/leave': 'E-Leave System',
    '/shared/hr-services/leave/my-leaves': 'My Leaves',
    '/shared/hr-services/leave/my-leaves/history': 'Leave History',
    '/shared/hr-services/leave/approval': 'Leave Approval',
    '/shared/hr-services/leave/admin': 'E-Leave System Admin',
    '/shared/hr-services/leave/admin/:id': 'Staff leave record',
    '/shared/hr-services/leave/staff-movement': 'Staff Movement',
    '/shared/access-control': 'Access Control',
    '/it-admin': 'IT Admin',
    '/shared/industrial-relations': 'Industrial Relations',
    '/shared/industrial-relations/member-lookup': 'Member Lookup',
    // Until the member has loaded, the page is headed as the lookup it belongs to.
    '/shared/industrial-relations/member-lookup/:id': 'Member Lookup',
    '/shared/industrial-relations/grievances': 'Grievances',
    // ABC123 is no case no: the page says so under the grievances heading.
    '/shared/industrial-relations/grievances/:grievanceId': 'Grievances',
    '/shared/industrial-relations/ir-admin': 'IR Admin',
  };

  it.each(seedPaths.filter((path) => path !== '/unauthorized' && path !== '*'))(
    '%s shows its page, or the Under Construction page until it is built',
    async (path) => {
      expect(await headingAt(concrete(path))).toBe(builtPages[path] ?? 'Under Construction');
    },
  );

  it('/unauthorized shows the Unauthorized page', async () => {
    expect(await headingAt('/unauthorized')).toBe('Unauthorized');
  });

  it.each(['/no-such-page', '/shared/nothing-here', '/profile/reset-password/extra'])(
    'an unknown path (%s) shows the Not Found page',
    async (url) => {
      expect(await headingAt(url)).toBe('Page Not Found');
    },
  );

  it('shows a labelled spinner while a page loads', async () => {
    renderApp(['/'], itAdmin);
    // The lazy module may already be cached by an earlier test; either state is valid, but the
    // spinner, when shown, must be labelled.
    const spinner = screen.queryByRole('progressbar');
    if (spinner !== null) expect(spinner).toHaveAccessibleName('Loading…');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
