import { SIGN_IN_REFUSALS, SIGN_IN_REFUSED_ACTION } from '@staff-portal/shared/it-admin';
import type { ActivityEntry, SignInRefusal } from '@staff-portal/shared/it-admin';
import { useTranslation } from 'react-i18next';
import { itAdminNs } from '../../locales/it-admin';
import { isActivityAction, isActivityArea } from './activity-choices';

const isRefusal = (value: unknown): value is SignInRefusal =>
  typeof value === 'string' && (SIGN_IN_REFUSALS as readonly string[]).includes(value);

/**
 * Areas, actions and the reasons of refused sign-ins in the user's language
 * (docs/product/screens.md §15); a code the portal does not know (an older entry, a client's own
 * log action) is shown as it is.
 */
export function useActivityWords() {
  const { t } = useTranslation(itAdminNs);
  const area = (code: string) => (isActivityArea(code) ? t(`activity.areas.${code}`) : code);
  const action = (code: string) => (isActivityAction(code) ? t(`activity.actions.${code}`) : code);
  const reason = (code: string) => (isRefusal(code) ? t(`activity.refusals.${code}`) : code);
  /** An entry's action, with the reason of a refused sign-in. */
  const entryAction = (entry: ActivityEntry) => {
    const why = entry.details?.['reason'];
    return entry.action === SIGN_IN_REFUSED_ACTION && why !== undefined
      ? t('activity.refused', { reason: reason(why) })
      : action(entry.action);
  };
  return { area, action, reason, entryAction };
}
