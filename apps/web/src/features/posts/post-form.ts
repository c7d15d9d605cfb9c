import { postInputSchema } from '@staff-portal/shared/posts';
import type { AdminPost, PostInput } from '@staff-portal/shared/posts';
import type { PostKind } from '@staff-portal/shared/posts-rules';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { localDateTime, zonedIso } from '../../lib/dates';
import { plainResolver } from '../../lib/plain-resolver';

/**
 * The create and edit screen's values (docs/product/screens.md §13): the shared input without its
 * kind, the times as a `datetime-local` input holds them ("YYYY-MM-DDTHH:mm", read in the
 * organisation's zone; '' for none).
 */
export interface PostFormValues {
  title: string;
  body: string;
  audience: 'everyone' | string[];
  publishAt: string;
  expireAt: string;
  pinned: boolean;
  emailAudience: boolean;
}

export type PostFormOutput = z.output<typeof postInputSchema>;

/** A `datetime-local` value read in the zone, as ISO 8601 with its offset; '' → null; unreadable → itself (the schema refuses it). */
export function zonedInstant(local: string, timeZone: string): string | null {
  if (local === '') return null;
  return zonedIso(local, timeZone) ?? local;
}

/** An instant as a `datetime-local` value in the zone; null → ''. */
export function localValue(instant: string | null, timeZone: string): string {
  return instant === null ? '' : localDateTime(instant, timeZone);
}

/** Now, to the minute, as a `datetime-local` value in the zone ("publish now"). */
export const localNow = (timeZone: string, now = new Date()) => localDateTime(now, timeZone);

export const emptyPostForm: PostFormValues = {
  title: '',
  body: '',
  audience: 'everyone',
  publishAt: '',
  expireAt: '',
  pinned: false,
  emailAudience: false,
};

export function postFormValues(post: AdminPost, timeZone: string): PostFormValues {
  return {
    title: post.title,
    body: post.body,
    audience: post.audience === 'everyone' ? 'everyone' : [...post.audience],
    publishAt: localValue(post.publishAt, timeZone),
    expireAt: localValue(post.expireAt, timeZone),
    pinned: post.pinned,
    emailAudience: post.emailAudience,
  };
}

/** The values as the API takes them. */
export function postInput(values: PostFormValues, kind: PostKind, timeZone: string): PostInput {
  return {
    ...values,
    kind,
    publishAt: zonedInstant(values.publishAt, timeZone),
    expireAt: zonedInstant(values.expireAt, timeZone),
  };
}

/**
 * The form's resolver: the values checked by the shared `postInputSchema`, as the server will
 * check them, each refusal worded in the user's language on its field (lib/plain-resolver.ts).
 * An audience of departments with none chosen gets its own message.
 */
export function postFormResolver(
  kind: PostKind,
  timeZone: string,
  noDepartment: string,
): Resolver<PostFormValues, unknown, PostFormOutput> {
  const check = plainResolver<PostInput, PostFormOutput>(postInputSchema);
  return async (values, context, options) => {
    // The input's fields are the form's, bar the kind and the times' form, so the form's options serve.
    const result = await check(postInput(values, kind, timeZone), context, options as never);
    const errors = { ...result.errors } as FieldErrors<PostFormValues>;
    delete (errors as Record<string, unknown>).kind;
    if (Array.isArray(values.audience) && values.audience.length === 0) {
      errors.audience = { type: 'required', message: noDepartment };
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: result.values as PostFormOutput, errors: {} };
  };
}

/** The form field a server refusal names (`audience.2` is the audience), or undefined if none shows it. */
export function formFieldOf(field: string | undefined): keyof PostFormValues | undefined {
  const root = field?.split('.')[0];
  return root !== undefined && root in emptyPostForm ? (root as keyof PostFormValues) : undefined;
}
