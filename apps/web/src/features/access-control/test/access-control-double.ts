import type { Account, AccountDetail } from '@staff-portal/shared/access-control';
import { checkBulkRows, type BulkRow } from '@staff-portal/shared/access-control-bulk';
import type { AccessActor } from '@staff-portal/shared/access-control-rules';
import { reply, stubLeaveApi } from '../../../test/leave-api-double';
import type { Handler } from '../../../test/leave-api-double';
import { DEPARTMENTS, account, departmentOptions, detailOf } from './access-control-fixtures';

export interface AccessControlDoubleOptions {
  accounts: Account[];
  departments?: string[];
  /** The detail's other parts per account (signed in once, grantable, audit); by default signed in, all grantable. */
  details?: Record<string, Partial<Omit<AccountDetail, 'account'>>>;
  /** Handlers that answer before the double's own, for refusals and odd answers. */
  overrides?: Record<string, Handler>;
  /** Who the bulk preview judges the rows for (what they may grant); an ITAdmin by default. */
  bulkActor?: AccessActor;
}

const SORT_FIELD = { email: 'email', name: 'name', created: 'createdAt', modified: 'updatedAt' } as const;

/**
 * The access-control API as a small in-memory server over the leave API double: it filters,
 * sorts and pages like the real one, and its writes change what it answers next, so a test sees
 * the screen refresh. Every call is recorded (`calls`, `callsTo`).
 */
export function stubAccessControlApi({
  accounts,
  departments = DEPARTMENTS,
  details = {},
  overrides = {},
  bulkActor = { id: '', groups: ['ITAdmin'] },
}: AccessControlDoubleOptions) {
  let rows = [...accounts];
  const find = (username: string) => rows.find((row) => row.username === username);
  const update = (username: string, change: Partial<Account>) => {
    rows = rows.map((row) =>
      row.username === username ? { ...row, ...change, updatedAt: '2026-04-01T00:00:00.000Z' } : row,
    );
    return find(username)!;
  };
  const missing = () => reply(404, { code: 'NOT_FOUND', message: 'No such account.' });

  const own: Record<string, Handler> = {
    'GET /access-control/departments': () => departmentOptions(departments),
    'GET /access-control/accounts': ({ query }) => {
      const search = (query.get('search') ?? '').toLowerCase();
      const department = query.get('department');
      const status = query.get('status');
      const sort = SORT_FIELD[(query.get('sort') ?? 'email') as keyof typeof SORT_FIELD];
      const direction = query.get('order') === 'desc' ? -1 : 1;
      const page = Number(query.get('page') ?? '1');
      const pageSize = Number(query.get('pageSize') ?? '25');
      const matching = rows
        .filter((row) => row.email.startsWith(search) || (row.name ?? '').toLowerCase().startsWith(search))
        .filter((row) => department === null || row.departments.includes(department))
        .filter((row) => status === null || (status === 'DISABLED' ? !row.enabled : row.status === status))
        .sort((a, b) => String(a[sort] ?? '').localeCompare(String(b[sort] ?? '')) * direction);
      return {
        items: matching.slice((page - 1) * pageSize, page * pageSize),
        total: matching.length,
        page,
        pageSize,
      };
    },
    'POST /access-control/accounts': ({ body }) => {
      const input = body as { email: string; name: string; departments: string[] };
      const created = account({
        username: `0b6f6c1e-1c1f-4c4e-9f55-${String(rows.length + 100).padStart(12, '0')}`,
        email: input.email,
        name: input.name,
        departments: input.departments,
        status: 'FORCE_CHANGE_PASSWORD',
      });
      rows = [...rows, created];
      details[created.username] = { signedInOnce: false };
      return reply(201, created);
    },
    // Before the account routes, whose pattern it would match too.
    'POST /access-control/accounts/bulk/preview': ({ body }) => {
      const checked = checkBulkRows((body as { rows: BulkRow[] }).rows, {
        actor: bulkActor,
        departments,
        existingEmails: new Set(rows.map((row) => row.email.toLowerCase())),
      });
      return { rows: checked, ready: checked.filter((row) => row.problems.length === 0).length };
    },
    'GET /access-control/accounts/:username': ({ params }) => {
      const found = find(params.username!);
      return found === undefined ? missing() : detailOf(found, details[found.username]);
    },
    'PUT /access-control/accounts/:username/departments': ({ params, body }) =>
      find(params.username!) === undefined
        ? missing()
        : update(params.username!, { departments: (body as { departments: string[] }).departments }),
    'POST /access-control/accounts/:username/:action': ({ params }) => {
      if (find(params.username!) === undefined) return missing();
      if (params.action === 'disable') update(params.username!, { enabled: false });
      if (params.action === 'enable') update(params.username!, { enabled: true });
      if (params.action === 'reset-password') update(params.username!, { status: 'RESET_REQUIRED' });
      return null;
    },
    // The staff record link (decision record 0039): the suggested record is the only one to link.
    'PUT /access-control/accounts/:username/staff-record': ({ params, body }) => {
      if (find(params.username!) === undefined) return missing();
      const detail = (details[params.username!] ??= {});
      const suggested = detail.suggestedStaffRecord ?? null;
      if (suggested === null || suggested.staffId !== (body as { staffId: string }).staffId) {
        return reply(400, {
          code: 'VALIDATION_ERROR',
          message: 'That record cannot be linked.',
          field: 'staffId',
          reason: 'staffLinkedElsewhere',
          params: { staffId: (body as { staffId: string }).staffId },
        });
      }
      detail.staffRecord = suggested;
      detail.suggestedStaffRecord = null;
      return { staffRecord: suggested, suggestedStaffRecord: null };
    },
    'DELETE /access-control/accounts/:username/staff-record': ({ params, body }) => {
      const found = find(params.username!);
      if (found === undefined) return missing();
      const detail = (details[params.username!] ??= {});
      const linked = detail.staffRecord ?? null;
      if (linked === null) return reply(404, { code: 'NOT_FOUND', message: 'No linked staff record.' });
      const email = (body as { email?: string } | undefined)?.email;
      const next = email ?? linked.email;
      if (next.toLowerCase() === found.email.toLowerCase()) {
        return reply(400, {
          code: 'VALIDATION_ERROR',
          message: 'It would be linked again.',
          field: 'email',
          reason: 'unlinkNeedsEmail',
          params: { email: found.email },
        });
      }
      detail.staffRecord = null;
      return { staffRecord: null, suggestedStaffRecord: detail.suggestedStaffRecord ?? null };
    },
    'DELETE /access-control/accounts/:username': ({ params }) => {
      if (find(params.username!) === undefined) return missing();
      rows = rows.filter((row) => row.username !== params.username);
      return null;
    },
  };
  // The overrides first, so that they answer before the double's own routes, the same ones included.
  return stubLeaveApi(
    Object.fromEntries([
      ...Object.entries(overrides),
      ...Object.entries(own).filter(([route]) => !(route in overrides)),
    ]),
  );
}
