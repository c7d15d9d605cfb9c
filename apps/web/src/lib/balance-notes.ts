import type { LeaveBalance } from '@staff-portal/shared/leave';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDayCount } from './dates';
import { leaveNs } from '../locales/leave';

/**
 * Why a balance is what it is, where the numbers alone do not say (docs/product/leave.md): a type
 * the person cannot take, an allowance that includes another type's days or is limited by one
 * that does, an entitlement pro-rated for a year of joining or leaving. One sentence each.
 */
export function useBalanceNotes() {
  const { t, i18n } = useTranslation(leaveNs);
  const locale = i18n.resolvedLanguage ?? 'en';
  return (
    balance: Pick<LeaveBalance, 'includes' | 'limitedBy'> &
      Partial<Pick<LeaveBalance, 'ineligible' | 'proRatedMonths'>>,
  ): string[] => {
    const notes: string[] = [];
    const { ineligible = null, includes, limitedBy, proRatedMonths = null } = balance;
    if (ineligible?.reason === 'gender') notes.push(t(`balanceNotes.forGender.${ineligible.gender}`));
    if (ineligible?.reason === 'service') {
      notes.push(
        t('balanceNotes.service', { months: ineligible.minServiceMonths, date: formatDate(ineligible.from, locale) }),
      );
    }
    if (includes !== null) {
      notes.push(
        t('balanceNotes.includes', {
          count: includes.days,
          days: formatDayCount(includes.days, locale),
          type: includes.leaveTypeName,
        }),
      );
    }
    if (limitedBy !== null) notes.push(t('balanceNotes.limitedBy', { type: limitedBy.leaveTypeName }));
    if (proRatedMonths !== null) notes.push(t('balanceNotes.proRated', { months: proRatedMonths }));
    return notes;
  };
}
