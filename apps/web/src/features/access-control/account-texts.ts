import type { Account, DepartmentOption } from '@staff-portal/shared/access-control';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatTimestamp } from '../../lib/dates';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { accessControlNs } from '../../locales/access-control';

/** The user statuses with a reading of their own; the rare others (ARCHIVED, COMPROMISED, ...) show as Cognito names them. */
const LABELLED_STATUSES = ['CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED', 'UNCONFIRMED'] as const;
type LabelledStatus = (typeof LABELLED_STATUSES)[number];
const isLabelled = (status: string): status is LabelledStatus =>
  (LABELLED_STATUSES as readonly string[]).includes(status);

/** How an account is named on screen: its name, or its e-mail when it has none. */
export const accountName = (account: Pick<Account, 'name' | 'email'>) =>
  account.name === null || account.name.trim() === '' ? account.email : account.name;

/**
 * A department as its checkbox or option reads: its code, which the rules and the list's chips
 * use, and the organisation's name for it (docs/product/screens.md §14); the code alone when it
 * has none.
 */
export function departmentLabel(code: string, options: readonly DepartmentOption[]): string {
  const name = options.find((option) => option.code === code)?.name;
  return name === undefined || name === null || name === code ? code : `${code} – ${name}`;
}

/**
 * The account texts every part of the page shares: a status's reading, and instants in the
 * organisation's time zone, day first (lib/dates.ts), in the current language.
 */
export function useAccountTexts() {
  const { t, i18n } = useTranslation([accessControlNs, 'common']);
  const { organisation } = useRuntimeConfig();
  const locale = i18n.resolvedLanguage === 'ms' ? 'ms' : 'en';
  const invalidText = t('common:invalidDate');
  return {
    statusLabel: (status: string) => (isLabelled(status) ? t(`accessControl:status.${status}`) : status),
    /** The calendar day of an instant, as the organisation lives it: "05 Mar 2026". */
    day: (iso: string) => formatDate(formatTimestamp(iso, organisation.timeZone).slice(0, 10), locale, invalidText),
    /** An instant with its time: "05 Mar 2026, 3.05pm". */
    dateTime: (iso: string) => formatDateTime(iso, { timeZone: organisation.timeZone, locale, invalidText }),
  };
}
