import { issueDetail } from '@staff-portal/shared/error-reasons';
import { AppError, forbidden, notFound, validationError } from '@staff-portal/shared/errors';
import {
  addActionInputSchema,
  assignOfficerInputSchema,
  caseCountQuerySchema,
  caseDetailSchema,
  caseExportQuerySchema,
  caseNoSchema,
  caseSearchQuerySchema,
  closeCaseInputSchema,
  MAX_ACTION_ATTACHMENTS,
  memberCountQuerySchema,
  memberNoSchema,
  memberSearchQuerySchema,
  openCaseInputSchema,
  reopenCaseInputSchema,
  SEARCH_COUNT_CAP,
} from '@staff-portal/shared/ir';
import type {
  CaseAction,
  CaseDetail,
  CaseEvent,
  CaseSummary,
  Category,
  Member,
  MemberSummary,
  Officer,
} from '@staff-portal/shared/ir';
import {
  caseNo as makeCaseNo,
  CASE_STATUS,
  formatNric,
  memberIdentityFor,
  nricSearchDigits,
  shownNric,
} from '@staff-portal/shared/ir-rules';
import { vi } from 'vitest';
import type { z } from 'zod';
import { testRuntimeConfig } from './fixtures';
import { CATEGORIES, MEMBERS, OFFICERS } from './ir-fixtures';
import type { StoredMember } from './ir-fixtures';

const BASE = testRuntimeConfig.api.irApiUrl;
const TODAY = '2026-11-26';

export interface IrRequest {
  method: string;
  /** The path under the IR API base, without the query. */
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, or the FormData of a multipart body. */
  body: unknown;
}

export interface IrDoubleOptions {
  members?: StoredMember[];
  categories?: Category[];
  officers?: Officer[];
  /** Who calls: their account id becomes the officer and author of what they write. */
  callerId: string;
  /** Whether the caller sees NRICs in full (IR, IRAdmin) or masked (ITAdmin). */
  seesFullNric?: boolean;
  /** IRAdmin: may name another officer, reassign and reopen. */
  canAdminister?: boolean;
  /** Answers for a route before the double's own (refusals, odd answers): `"GET /ir/members"`. */
  overrides?: Record<string, (request: IrRequest) => unknown>;
}

interface StoredCase {
  summary: CaseSummary;
  description: string;
  outcome: string | null;
  openedById: string;
  openedByName: string;
  actions: CaseAction[];
  events: CaseEvent[];
}

/** Checks a request with the contract's schema and answers 400 naming the field, as the server does. */
function check<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input, { reportInput: true });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const detail = issueDetail(issue);
  throw validationError(issue.message, issue.path.join('.') || undefined, detail.reason, detail.params);
}

const compare = (a: string | number | null, b: string | number | null) =>
  String(a ?? '').localeCompare(String(b ?? ''), 'en', { numeric: true });

/**
 * The IR API as a small in-memory server (paths under `/ir`): it validates every request with
 * the shared schemas, searches, sorts and pages like the real one (hasMore, no total), and its
 * writes change what it answers next, so a test sees the screen refresh. Unknown calls fail the
 * test. Every call is recorded (`calls`, `callsTo`).
 */
export function stubIrApi(options: IrDoubleOptions) {
  const {
    members = MEMBERS,
    categories = CATEGORIES,
    callerId,
    seesFullNric = true,
    canAdminister = false,
    overrides = {},
  } = options;
  const officers = [...(options.officers ?? OFFICERS)];
  const cases: StoredCase[] = [];
  const files = new Map<string, File>();
  const reveals: string[] = [];
  let sequence = 0;
  let ids = 0;
  const nextId = (prefix: string) => `${prefix}-${(ids += 1)}`;
  // The events' instants, one minute apart, after the actions' (which are on their dates' first hours).
  let eventMinutes = 0;
  const nextEventAt = () => new Date(Date.parse(`${TODAY}T04:00:00.000Z`) + (eventMinutes += 1) * 60_000).toISOString();
  /** A closing, reopening or change of officer by the caller (docs/product/ir.md §3). */
  const eventBy = (date: string) => ({
    id: nextId('event'),
    date,
    actorId: callerId,
    actorName: callerName,
    createdAt: nextEventAt(),
  });
  const nameOf = (id: string | null) => officers.find((officer) => officer.id === id)?.name ?? null;
  const callerName = nameOf(callerId) ?? 'Caller';

  // The server's groups for the caller, as far as the NRIC mask goes (docs/product/ir.md §1).
  const groups = seesFullNric ? ['IR'] : ['ITAdmin'];
  const summaryOf = (stored: StoredMember): MemberSummary => ({
    memberNo: stored.memberNo,
    name: stored.name,
    nric: shownNric(stored.nric, groups),
    employer: stored.employer,
    branch: stored.branch,
    status: stored.status,
  });
  const memberOf = (stored: StoredMember): Member => ({
    ...summaryOf(stored),
    ...memberIdentityFor(stored, groups),
    gender: stored.gender,
    position: stored.position,
    joinDate: stored.joinDate,
    phone: stored.phone ?? null,
    email: stored.email || null,
    address: stored.address ?? null,
    updatedAt: '2026-01-01T00:00:00.000Z',
  });
  const findMember = (memberNo: string) => {
    const found = members.find((stored) => stored.memberNo === check(memberNoSchema, memberNo));
    if (found === undefined) throw notFound('No such member.');
    return found;
  };
  const findCase = (caseNo: string) => {
    const found = cases.find((stored) => stored.summary.caseNo === check(caseNoSchema, caseNo));
    if (found === undefined) throw notFound('No such case.');
    return found;
  };
  const detailOf = (stored: StoredCase): CaseDetail =>
    caseDetailSchema.parse({
      case: {
        ...stored.summary,
        description: stored.description,
        outcome: stored.outcome,
        openedById: stored.openedById,
        openedByName: stored.openedByName,
        updatedAt: '2026-11-26T00:00:00.000Z',
      },
      actions: stored.actions,
      events: stored.events,
      canAdminister,
    });
  const recount = () => {
    for (const officer of officers) {
      officer.openCases = cases.filter(
        (stored) => stored.summary.officerId === officer.id && stored.summary.status === CASE_STATUS.PENDING,
      ).length;
    }
  };
  const memberMatches = (stored: StoredMember, text: string) => {
    const digits = nricSearchDigits(text);
    if (digits !== null && stored.nric.startsWith(digits)) return true;
    const lower = text.toLowerCase();
    return stored.name.toLowerCase().includes(lower) || stored.memberNo.includes(text.toUpperCase());
  };
  const page = <T>(rows: T[], at: number, size: number) => ({
    items: rows.slice((at - 1) * size, at * size),
    page: at,
    pageSize: size,
    hasMore: rows.length > at * size,
  });

  const matchingMembers = (search: z.output<typeof memberCountQuerySchema>) =>
    members.filter(
      (stored) =>
        (search.q === undefined || search.q === '' || memberMatches(stored, search.q)) &&
        (search.employer === undefined || stored.employer === search.employer) &&
        (search.branch === undefined || stored.branch === search.branch) &&
        (search.status === undefined || stored.status === search.status),
    );
  /** As the server: one who sees NRICs masked does not search by them (docs/product/ir.md §1). */
  const refuseNricSearch = (q: string | undefined) => {
    if (seesFullNric || q === undefined || nricSearchDigits(q) === null) return;
    const memberNo = q.trim().toUpperCase();
    if (!members.some((stored) => stored.memberNo === memberNo)) {
      throw validationError('q: searching by NRIC is for the IR departments', 'q', 'nricSearchMasked');
    }
  };
  /** A count as the API answers it: up to its cap, then `more`. */
  const countOf = (found: number) => ({ count: Math.min(found, SEARCH_COUNT_CAP), more: found > SEARCH_COUNT_CAP });

  const matchingCases = (query: z.output<typeof caseExportQuerySchema>) => {
    const rows = cases
      .filter((stored) => {
        const item = stored.summary;
        const member = members.find((one) => one.memberNo === item.memberNo)!;
        return (
          (query.caseNo === undefined || item.caseNo.startsWith(query.caseNo.toUpperCase())) &&
          (query.member === undefined || memberMatches(member, query.member)) &&
          (query.status === undefined || item.status === query.status) &&
          (query.officer === undefined || item.officerId === query.officer) &&
          (query.category === undefined || item.categoryId === query.category) &&
          (query.contactMethod === undefined || item.contactMethod === query.contactMethod) &&
          (query.openedFrom === undefined || item.openedOn >= query.openedFrom) &&
          (query.openedTo === undefined || item.openedOn <= query.openedTo) &&
          (query.closedFrom === undefined || (item.closedOn ?? '') >= query.closedFrom) &&
          (query.closedTo === undefined || (item.closedOn !== null && item.closedOn <= query.closedTo)) &&
          (query.q === undefined ||
            [stored.summary.subject, stored.description, ...stored.actions.map((action) => action.text)]
              .join(' ')
              .toLowerCase()
              .includes(query.q.toLowerCase()))
        );
      })
      .map((stored) => stored.summary);
    const direction = query.order === 'desc' ? -1 : 1;
    return rows.sort((a, b) => compare(a[query.sort], b[query.sort]) * direction || compare(a.caseNo, b.caseNo));
  };

  const routes: Record<string, (request: IrRequest, params: Record<string, string>) => unknown> = {
    'GET /ir/members/options': () => ({
      employers: [...new Set(members.map((stored) => stored.employer))].sort(),
      branches: [...new Set(members.map((stored) => stored.branch))].sort(),
    }),
    'GET /ir/members/count': ({ query }) => {
      const search = check(memberCountQuerySchema, Object.fromEntries(query));
      refuseNricSearch(search.q);
      return countOf(matchingMembers(search).length);
    },
    'GET /ir/members': ({ query }) => {
      const search = check(memberSearchQuerySchema, Object.fromEntries(query));
      refuseNricSearch(search.q);
      const rows = matchingMembers(search);
      const sort = search.sort ?? 'name';
      const direction = search.order === 'desc' ? -1 : 1;
      rows.sort((a, b) => compare(a[sort], b[sort]) * direction);
      return page(rows.map(summaryOf), search.page, search.pageSize);
    },
    'GET /ir/members/:memberNo': (_request, { memberNo }) => {
      const stored = findMember(memberNo!);
      const own = cases
        .filter((one) => one.summary.memberNo === stored.memberNo)
        .map((one) => one.summary)
        .reverse();
      return { member: memberOf(stored), cases: own };
    },
    'POST /ir/members/:memberNo/nric': (_request, { memberNo }) => {
      const stored = findMember(memberNo!);
      reveals.push(stored.memberNo);
      return { nric: formatNric(stored.nric), dateOfBirth: stored.dateOfBirth };
    },
    'GET /ir/categories': () => categories,
    'GET /ir/officers': () => officers,
    'GET /ir/grievances': ({ query }) => {
      const search = check(caseSearchQuerySchema, Object.fromEntries(query));
      return page(matchingCases(search), search.page, search.pageSize);
    },
    'GET /ir/grievances/count': ({ query }) => {
      const filters = check(caseCountQuerySchema, Object.fromEntries(query));
      return countOf(matchingCases({ ...filters, sort: 'openedOn', order: 'desc' }).length);
    },
    'GET /ir/grievances/export.csv': ({ query }) => {
      const rows = matchingCases(check(caseExportQuerySchema, Object.fromEntries(query)));
      const csv = ['caseNo,subject', ...rows.map((row) => `${row.caseNo},${row.subject}`)].join('\r\n');
      return new Response(csv, { headers: { 'Content-Type': 'text/csv' } });
    },
    'POST /ir/grievances': ({ body }) => {
      const input = check(openCaseInputSchema, body);
      const stored = findMember(input.memberNo);
      const chosen = categories.find((one) => one.id === input.categoryId);
      if (chosen === undefined || !chosen.active) {
        throw validationError('Choose an active category.', 'categoryId', 'invalidChoice');
      }
      if (input.officerId !== undefined && input.officerId !== callerId && !canAdminister) {
        throw forbidden('Only IRAdmin names another officer.');
      }
      const officerId = input.officerId ?? callerId;
      sequence += 1;
      const openedOn = input.openedOn ?? TODAY;
      const created: StoredCase = {
        summary: {
          caseNo: makeCaseNo(Number(openedOn.slice(0, 4)), sequence),
          memberNo: stored.memberNo,
          memberName: stored.name,
          subject: input.subject,
          categoryId: chosen.id,
          categoryName: chosen.name,
          contactMethod: input.contactMethod,
          status: CASE_STATUS.PENDING,
          officerId,
          officerName: nameOf(officerId),
          openedOn,
          closedOn: null,
        },
        description: input.description,
        outcome: null,
        openedById: callerId,
        openedByName: callerName,
        actions: [
          {
            id: nextId('action'),
            type: 0,
            date: openedOn,
            text: input.description,
            authorId: callerId,
            authorName: callerName,
            createdAt: `${openedOn}T01:00:00.000Z`,
            attachments: [],
          },
        ],
        events: [],
      };
      cases.push(created);
      recount();
      return new Reply(201, detailOf(created));
    },
    'GET /ir/grievances/:caseNo': (_request, { caseNo }) => detailOf(findCase(caseNo!)),
    'POST /ir/grievances/:caseNo/actions': ({ body }, { caseNo }) => {
      const stored = findCase(caseNo!);
      let fields: unknown = body;
      let attached: File[] = [];
      if (body instanceof FormData) {
        attached = body.getAll('attachments').filter((value): value is File => value instanceof File);
        fields = Object.fromEntries([...body.entries()].filter(([name]) => name !== 'attachments'));
      }
      const input = check(addActionInputSchema, fields);
      if (attached.length > MAX_ACTION_ATTACHMENTS) {
        throw validationError('Too many files.', 'attachments', 'tooMany', { maximum: MAX_ACTION_ATTACHMENTS });
      }
      const action: CaseAction = {
        id: nextId('action'),
        type: input.type,
        date: input.date,
        text: input.text,
        authorId: callerId,
        authorName: callerName,
        createdAt: `${input.date}T02:00:00.000Z`,
        attachments: attached.map((file) => {
          const id = nextId('file');
          files.set(id, file);
          return { id, fileName: file.name, contentType: file.type, size: file.size };
        }),
      };
      stored.actions.push(action);
      return new Reply(201, action);
    },
    'GET /ir/grievances/:caseNo/attachments/:id': (_request, { caseNo, id }) => {
      const stored = findCase(caseNo!);
      const owned = stored.actions.some((action) => action.attachments.some((attachment) => attachment.id === id));
      const file = files.get(id!);
      if (!owned || file === undefined) throw notFound('No such file.');
      return bytesOf(file).then(
        (bytes) =>
          new Response(bytes, {
            headers: { 'Content-Type': file.type, 'Content-Disposition': `attachment; filename="${file.name}"` },
          }),
      );
    },
    'POST /ir/grievances/:caseNo/close': ({ body }, { caseNo }) => {
      const stored = findCase(caseNo!);
      const input = check(closeCaseInputSchema, body);
      if (stored.summary.status !== CASE_STATUS.PENDING) throw new AppError('CONFLICT', 'The case is closed.');
      const closedOn = input.closedOn ?? TODAY;
      stored.summary = { ...stored.summary, status: CASE_STATUS.CASE_CLOSED, closedOn };
      stored.outcome = input.outcome;
      stored.events.push({ ...eventBy(closedOn), kind: 'closed', outcome: input.outcome });
      recount();
      return detailOf(stored);
    },
    'POST /ir/grievances/:caseNo/reopen': ({ body }, { caseNo }) => {
      const stored = findCase(caseNo!);
      if (!canAdminister) throw forbidden('Only IRAdmin reopens a case.');
      const input = check(reopenCaseInputSchema, body);
      stored.summary = { ...stored.summary, status: CASE_STATUS.PENDING, closedOn: null };
      stored.outcome = null;
      stored.events.push({ ...eventBy(TODAY), kind: 'reopened', reason: input.reason });
      recount();
      return detailOf(stored);
    },
    'PUT /ir/grievances/:caseNo/officer': ({ body }, { caseNo }) => {
      const stored = findCase(caseNo!);
      if (!canAdminister) throw forbidden('Only IRAdmin reassigns a case.');
      const { officerId } = check(assignOfficerInputSchema, body);
      if (nameOf(officerId) === null) throw validationError('Not an officer.', 'officerId', 'invalidChoice');
      if (officerId === stored.summary.officerId) return detailOf(stored);
      stored.events.push({
        ...eventBy(TODAY),
        kind: 'reassigned',
        fromOfficerId: stored.summary.officerId,
        fromOfficerName: stored.summary.officerName,
        toOfficerId: officerId,
        toOfficerName: nameOf(officerId)!,
      });
      stored.summary = { ...stored.summary, officerId, officerName: nameOf(officerId) };
      recount();
      return detailOf(stored);
    },
  };

  const calls: IrRequest[] = [];
  const fetchDouble = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (!url.pathname.startsWith(BASE)) throw new Error(`Unexpected call ${method} ${url.pathname}`);
    const path = url.pathname.slice(BASE.length);
    let body: unknown;
    if (init?.body instanceof FormData) body = init.body;
    else if (typeof init?.body === 'string') body = JSON.parse(init.body) as unknown;
    const request: IrRequest = { method, path, query: url.searchParams, body };
    // The more literal patterns first: /ir/members/options before /ir/members/:memberNo.
    for (const [route, handler] of [...Object.entries(overrides), ...Object.entries(routes)]) {
      const [routeMethod, pattern = ''] = route.split(' ');
      const params = routeMethod === method ? match(pattern, path) : null;
      if (params === null) continue;
      calls.push(request);
      try {
        const answer = await handler(request, params);
        if (answer instanceof Response) return answer;
        const [status, payload] = answer instanceof Reply ? [answer.status, answer.body] : [200, answer];
        return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
      } catch (error) {
        if (error instanceof AppError) {
          return new Response(JSON.stringify(error.toBody()), {
            status: error.status,
            headers: { 'Content-Type': 'application/json' },
          });
        }
        throw error;
      }
    }
    throw new Error(`No double for ${method} ${path}`);
  });
  vi.stubGlobal('fetch', fetchDouble);

  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
    /** The members whose NRIC was revealed, in order (each reveal is audited). */
    reveals,
    /** The cases as the double holds them now. */
    cases: () => cases.map(detailOf),
    /** Opens a case directly, as if another user had, for a test's starting point. */
    seedCase: (input: z.input<typeof openCaseInputSchema>) => {
      const reply = routes['POST /ir/grievances']!(
        { method: 'POST', path: '/ir/grievances', query: new URLSearchParams(), body: input },
        {},
      );
      return (reply as Reply).body as CaseDetail;
    },
    /** Closes a case directly (today, unless `closedOn` says another day). */
    seedClose: (caseNo: string, outcome: string, closedOn?: string) => {
      routes['POST /ir/grievances/:caseNo/close']!(
        { method: 'POST', path: '', query: new URLSearchParams(), body: { outcome, closedOn } },
        { caseNo },
      );
    },
  };
}

/** A file's bytes as the uploader sent them (jsdom's File is no Blob the fetch Response reads). */
function bytesOf(file: File): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsArrayBuffer(file);
  });
}

/** An answer with a status other than 200. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

function match(pattern: string, path: string): Record<string, string> | null {
  const wanted = pattern.split('/');
  const got = path.split('/');
  if (wanted.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const actual = got[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
}
