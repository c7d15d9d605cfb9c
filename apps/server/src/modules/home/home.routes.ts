import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@staff-portal/shared/errors';
import { departmentsOf } from '@staff-portal/shared/groups';
import { homeSchema } from '@staff-portal/shared/home';
import { createLeaveServices, type LeaveModuleOptions } from '../leave/leave.public';
import { createHomeService } from './home.service';

const errors = { 401: errorBodySchema, 403: errorBodySchema };
const security = [{ bearerIdToken: [] }];
const tags = ['home'];

/** Who has a leave glance: those the leave routes admit, the SHARED guard (docs/product/access.md §3). */
const LEAVE_DEPARTMENTS = departmentsOf(['SHARED']);

/**
 * `GET /api/home` (docs/product/screens.md §2): any signed-in user, their own data only
 * (docs/product/access.md §3). Kept whole per reader until a post or the leave data is written, a
 * publish or expiry time passes, the reader opens a post or the day ends (decision record 0059);
 * its leave glance is also kept by the read cache (decision record 0023).
 */
export const homeRoutes: FastifyPluginAsyncZod<LeaveModuleOptions> = async (app, options) => {
  const { requests: leave } = createLeaveServices(options, app.log);
  const service = createHomeService({
    database: options.database,
    timeZone: options.timeZone,
    // The glance is GET /leave/summary's, kept as that route's answers are (decision record 0023):
    // it depends on the caller, today and the leave data only.
    leaveSummary: (caller) =>
      app.leaveCached(['leave-summary', caller.user.sub, [...caller.user.groups].sort().join(',')].join('\n'), () =>
        leave.summary(caller),
      ),
  });
  const signedIn = app.authenticate();

  app.get(
    '/home',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary:
          'Home in one answer: the first announcements and staff information posts of my departments (pinned first, then newest, unread marked and counted) and, for E-Leave users, my leave glance',
        response: { 200: homeSchema, ...errors },
      },
    },
    async (request) => {
      const caller = app.callerOf(request);
      return service.home(caller, app.allows(caller.user, LEAVE_DEPARTMENTS));
    },
  );
};
