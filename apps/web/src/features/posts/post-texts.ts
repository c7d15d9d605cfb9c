import type { AdminPostSummary } from '@staff-portal/shared/posts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, todayIn } from '../../lib/dates';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { postsNs } from '../../locales/posts';

/** How the posts screens word a post's audience, times and read count, in the current language. */
export function usePostTexts() {
  const { t, i18n } = useTranslation([postsNs, 'common']);
  const { organisation } = useRuntimeConfig();
  const locale = i18n.resolvedLanguage === 'ms' ? 'ms' : 'en';
  const at = (value: string | null) =>
    formatDateTime(value, { timeZone: organisation.timeZone, locale, invalidText: t('none') });
  return {
    at,
    /** The day a post was written, in the organisation's zone. */
    written: (post: Pick<AdminPostSummary, 'createdAt'>) =>
      formatDate(todayIn(organisation.timeZone, new Date(post.createdAt)), locale),
    audience: (audience: AdminPostSummary['audience']) =>
      audience === 'everyone' ? t('everyone') : audience.join(', '),
    /** "Seen by 3 of 12", or "Not known" when the accounts could not be counted (decision record 0048). */
    seen: (seen: AdminPostSummary['seen']) =>
      seen === null ? t('list.seenUnknown') : t('list.seen', { readers: seen.readers, audience: seen.audience }),
    publish: (post: Pick<AdminPostSummary, 'publishAt' | 'status'>) =>
      post.publishAt === null
        ? t('list.notScheduled')
        : t(post.status === 'scheduled' ? 'list.publishAt' : 'list.publishedAt', { at: at(post.publishAt) }),
    expire: (post: Pick<AdminPostSummary, 'expireAt' | 'status'>) =>
      post.expireAt === null
        ? undefined
        : t(post.status === 'expired' ? 'list.expiredAt' : 'list.expireAt', { at: at(post.expireAt) }),
  };
}
