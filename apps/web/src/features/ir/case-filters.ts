import type { ErrorDetail } from '@staff-portal/shared/error-reasons';
import { issueDetail } from '@staff-portal/shared/error-reasons';
import { CASE_SORTS, caseSearchQuerySchema } from '@staff-portal/shared/ir';
import type { CaseQuery } from './api/search-cases';

/** The grievance search's filters, as the URL's search parameters and the API's query name them. */
export const CASE_FILTERS = [
  'caseNo',
  'member',
  'status',
  'officer',
  'category',
  'contactMethod',
  'openedFrom',
  'openedTo',
  'closedFrom',
  'closedTo',
  'q',
] as const;
export type CaseFilter = (typeof CASE_FILTERS)[number];
export const DATE_FILTERS = ['openedFrom', 'openedTo', 'closedFrom', 'closedTo'] as const;

export type CaseSort = (typeof CASE_SORTS)[number];
const isSort = (value: string | null): value is CaseSort => (CASE_SORTS as readonly (string | null)[]).includes(value);

/** The list's order as the URL says; newest opened first unless asked otherwise (the API's default). */
export function caseOrder(params: URLSearchParams): { sort: CaseSort; order: 'asc' | 'desc' } {
  const sort = params.get('sort');
  if (!isSort(sort)) return { sort: 'openedOn', order: params.get('order') === 'asc' ? 'asc' : 'desc' };
  return { sort, order: params.get('order') === 'asc' ? 'asc' : 'desc' };
}

export interface CaseFilterResult {
  /** The query to send, without its page; null while a filter is refused. */
  query: Omit<CaseQuery, 'page' | 'pageSize'> | null;
  /** Why each refused filter is refused, said at its field and never sent. */
  problems: Partial<Record<CaseFilter, ErrorDetail>>;
}

/** Reads the filters of the URL and checks them with the API's own schema (a range that ends before it starts, say). */
export function caseFilters(params: URLSearchParams): CaseFilterResult {
  const given: Partial<Record<CaseFilter, string>> = {};
  for (const field of CASE_FILTERS) {
    const value = params.get(field)?.trim() ?? '';
    if (value !== '') given[field] = value;
  }
  const { sort, order } = caseOrder(params);
  const parsed = caseSearchQuerySchema.safeParse({ ...given, sort, order });
  if (parsed.success) {
    const { page: _page, pageSize: _pageSize, ...query } = parsed.data;
    return { query, problems: {} };
  }
  const problems: Partial<Record<CaseFilter, ErrorDetail>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (CASE_FILTERS as readonly string[]).includes(field)) {
      problems[field as CaseFilter] ??= issueDetail({ ...issue, input: given[field as CaseFilter] });
    }
  }
  return { query: null, problems };
}
