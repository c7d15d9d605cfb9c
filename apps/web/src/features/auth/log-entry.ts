import { SEED_TIME_OFFSET_HOURS } from '@staff-portal/shared/constants';
import { LOGIN_LOGOUT_STREAM } from '@staff-portal/shared/log';
import type { LogEntryInput } from '@staff-portal/shared/log';

export type SessionAction = 'Login' | 'Logout';

/**
 * The docs/product/specification.md §7 log entry for a sign-in or sign-out: empty request, the page's URL, the
 * login/logout stream, and the seed's logDate of "now plus 8 hours" in ISO form (the server
 * keeps the real instant beside it, docs/product/departures.md). The URL is the page's address
 * without its query and fragment: a search typed on the page (a name, an NRIC) is no part of
 * the activity log IT admins read (docs/product/ir.md §1).
 */
export function sessionLogEntry(userId: string, action: SessionAction, url: string, now = new Date()): LogEntryInput {
  const page = new URL(url);
  page.search = '';
  page.hash = '';
  return {
    userId,
    action,
    request: '',
    url: page.href,
    stream: LOGIN_LOGOUT_STREAM,
    logDate: new Date(now.getTime() + SEED_TIME_OFFSET_HOURS * 3_600_000).toISOString(),
  };
}
