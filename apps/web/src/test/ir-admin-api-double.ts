import { AppError, forbidden, validationError } from '@staff-portal/shared/errors';
import { createCategoryInputSchema, updateCategoryInputSchema, type Category } from '@staff-portal/shared/ir';
import {
  checkMemberRows,
  encodingWarnings,
  memberImportInputSchema,
  memberImportPreviewInputSchema,
  type MemberCsvRow,
  type Workload,
} from '@staff-portal/shared/ir-admin';
import { vi } from 'vitest';
import type { z } from 'zod';
import { testRuntimeConfig } from './fixtures';
import { CATEGORIES, MEMBERS } from './ir-fixtures';

const BASE = testRuntimeConfig.api.irApiUrl;

export interface IrAdminRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface IrAdminDoubleOptions {
  categories?: Category[];
  workload: Workload;
  /** IRAdmin (or ITAdmin): the writes are allowed, as the server judges. */
  canAdminister: boolean;
  /** The members the database holds: member no → NRIC digits. */
  members?: Map<string, string>;
  /** The export's CSV text. */
  exportCsv?: string;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A fetch double of the IR admin screen's endpoints, judging requests as the server does with the
 * shared contract: categories (the IR module's), workload, the member import's preview and its
 * NDJSON progress, and the export.
 */
export function stubIrAdminApi(options: IrAdminDoubleOptions) {
  const categories = [...(options.categories ?? CATEGORIES)];
  const members = options.members ?? new Map(MEMBERS.map((member) => [member.memberNo, member.nric]));
  const calls: IrAdminRequest[] = [];
  let ids = 0;

  const parse = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
    const parsed = schema.safeParse(input);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    throw validationError(issue.message, issue.path.map(String).join('.') || undefined);
  };
  const admin = () => {
    if (!options.canAdminister) throw forbidden('You do not have permission to do this.');
  };
  /** Rows judged as the server does: on their own, then against the members held. */
  const check = (rows: MemberCsvRow[]) => {
    const { valid, problems } = checkMemberRows(rows);
    const byNric = new Map([...members].map(([no, nric]) => [nric, no]));
    const accepted = valid.filter((row) => {
      const holder = byNric.get(row.member.nric);
      if (holder === undefined || holder === row.member.memberNo) return true;
      problems.push({
        line: row.line,
        field: 'nric',
        message: `belongs to member ${holder}`,
        reason: 'nricTaken',
        params: { memberNo: holder },
      });
      return false;
    });
    problems.sort((a, b) => a.line - b.line);
    const updateLines = accepted.filter((row) => members.has(row.member.memberNo)).map((row) => row.line);
    return { accepted, problems, updateLines };
  };

  const route = (method: string, path: string, body: unknown): Response => {
    if (method === 'GET' && path === '/ir/categories') return json(200, categories);
    if (method === 'POST' && path === '/ir/admin/categories') {
      admin();
      const { name } = parse(createCategoryInputSchema, body);
      const category = {
        id: `00000000-0000-4000-8000-${String((ids += 1)).padStart(12, '0')}`,
        name,
        active: true,
        caseCount: 0,
      };
      categories.push(category);
      return json(201, category);
    }
    const patch = /^\/ir\/admin\/categories\/([^/]+)$/.exec(path);
    if (method === 'PATCH' && patch) {
      admin();
      const input = parse(updateCategoryInputSchema, body);
      const at = categories.findIndex((category) => category.id === decodeURIComponent(patch[1]!));
      if (at === -1) throw new AppError('NOT_FOUND', 'There is no such category.');
      categories[at] = { ...categories[at]!, ...input };
      return json(200, categories[at]);
    }
    if (method === 'GET' && path === '/ir/admin/workload') return json(200, options.workload);
    if (method === 'POST' && path === '/ir/admin/members/import/preview') {
      admin();
      const { rows } = parse(memberImportPreviewInputSchema, body);
      const { accepted, problems, updateLines } = check(rows);
      return json(200, {
        total: rows.length,
        valid: accepted.length,
        creates: accepted.length - updateLines.length,
        updates: updateLines.length,
        updateLines,
        problems,
        encodingWarnings: encodingWarnings(rows),
      });
    }
    if (method === 'POST' && path === '/ir/admin/members/import') {
      admin();
      const { mode, rows } = parse(memberImportInputSchema, body);
      const { accepted, problems, updateLines } = check(rows);
      if (mode === 'all' && problems.length > 0) {
        throw new AppError('CONFLICT', 'Problems in the file: nothing was imported.', {
          detail: { reason: 'importHasProblems', params: { problems: problems.length } },
        });
      }
      for (const row of accepted) members.set(row.member.memberNo, row.member.nric);
      const lines = [
        { type: 'progress', done: 0, total: accepted.length },
        { type: 'progress', done: accepted.length, total: accepted.length },
        {
          type: 'done',
          created: accepted.length - updateLines.length,
          updated: updateLines.length,
          refused: rows.length - accepted.length,
          problems,
        },
      ];
      return new Response(lines.map((line) => `${JSON.stringify(line)}\n`).join(''), {
        status: 200,
        headers: { 'Content-Type': 'application/x-ndjson' },
      });
    }
    if (method === 'GET' && path === '/ir/admin/members/export.csv') {
      return new Response(options.exportCsv ?? '', { status: 200, headers: { 'Content-Type': 'text/csv' } });
    }
    throw new Error(`No double for ${method} ${path}`);
  };

  const fetchDouble = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    await Promise.resolve();
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (!url.pathname.startsWith(BASE)) throw new Error(`Unexpected call ${method} ${url.pathname}`);
    const path = url.pathname.slice(BASE.length);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, body });
    try {
      return route(method, path, body);
    } catch (error) {
      if (error instanceof AppError) return json(error.status, error.toBody());
      throw error;
    }
  });
  vi.stubGlobal('fetch', fetchDouble);

  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
    categories: () => categories,
    members,
  };
}
