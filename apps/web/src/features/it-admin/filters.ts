import type { ErrorDetail } from '@staff-portal/shared/error-reasons';
import { issueDetail } from '@staff-portal/shared/error-reasons';
import { ACTIVITY_SOURCES, activityQuerySchema, OUTBOX_STATES, outboxQuerySchema } from '@staff-portal/shared/it-admin';
import type { ActivitySource, OutboxState } from '@staff-portal/shared/it-admin';
import type { z } from 'zod';
import { actionsOf, isActivityArea } from './activity-choices';
import type { ActivityFilters } from './api/get-activity';
import type { OutboxFilters } from './api/get-outbox';

/** The activity filters' names, as the URL's search parameters and the API's query say them. */
export const ACTIVITY_FIELDS = ['user', 'source', 'area', 'action', 'from', 'to', 'q'] as const;
export type ActivityField = (typeof ACTIVITY_FIELDS)[number];

export const OUTBOX_FIELDS = ['recipient', 'state'] as const;
export type OutboxField = (typeof OUTBOX_FIELDS)[number];

/** A filter form's values as typed (and as the URL keeps them): '' is no filter. */
export type FilterValues<F extends string> = Record<F, string>;

/** What the form's values come to: the filters to send, or the reason each refused field is refused. */
export interface FilterResult<F extends string, T> {
  filters: T;
  problems: Partial<Record<F, ErrorDetail>>;
}

const isSource = (value: string): value is ActivitySource => (ACTIVITY_SOURCES as readonly string[]).includes(value);
const isState = (value: string): value is OutboxState => (OUTBOX_STATES as readonly string[]).includes(value);

/** The values a URL holds; a source, state, area or action it cannot have is no filter. */
export function filterValues<F extends string>(fields: readonly F[], params: URLSearchParams): FilterValues<F> {
  const values = Object.fromEntries(fields.map((field) => [field, params.get(field) ?? ''])) as FilterValues<F>;
  const record = values as Record<string, string>;
  if ('source' in record && !isSource(record.source ?? '')) record.source = '';
  if ('state' in record && !isState(record.state ?? '')) record.state = '';
  if ('area' in record && !isActivityArea(record.area ?? '')) record.area = '';
  if ('action' in record && !actionsOf(record.area ?? '').some((action) => action === record.action)) {
    record.action = '';
  }
  return values;
}

/** The values trimmed, without the empty ones. */
function given<F extends string>(values: FilterValues<F>): Partial<Record<F, string>> {
  const result: Partial<Record<F, string>> = {};
  for (const [field, value] of Object.entries(values) as [F, string][]) {
    const trimmed = value.trim();
    if (trimmed !== '') result[field] = trimmed;
  }
  return result;
}

/** Checks the values with the API's own schema, so that a refused filter is said at its field and never sent. */
function check<F extends string, T>(
  schema: z.ZodType,
  fields: readonly F[],
  input: Partial<Record<F, string>>,
): FilterResult<F, T> {
  const problems: Partial<Record<F, ErrorDetail>> = {};
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (
        typeof field === 'string' &&
        (fields as readonly string[]).includes(field) &&
        problems[field as F] === undefined
      ) {
        problems[field as F] = issueDetail({ ...issue, input: (input as Record<string, unknown>)[field] });
      }
    }
  }
  return { filters: input as T, problems };
}

/** The activity filters to send (docs/product/screens.md §15), or why a field is refused (a date to before from, say). */
export function activityFilters(values: FilterValues<ActivityField>): FilterResult<ActivityField, ActivityFilters> {
  return check(activityQuerySchema, ACTIVITY_FIELDS, given(values));
}

export function outboxFilters(values: FilterValues<OutboxField>): FilterResult<OutboxField, OutboxFilters> {
  return check(outboxQuerySchema, OUTBOX_FIELDS, given(values));
}

/** Whether a value goes into the URL: a date only once it is a whole date, so a reload shows what was chosen. */
export const keptInUrl = (field: string, value: string) =>
  !(field === 'from' || field === 'to') || /^\d{4}-\d{2}-\d{2}$/.test(value);
