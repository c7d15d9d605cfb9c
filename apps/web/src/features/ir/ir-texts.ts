import { ACTION_TYPES, CASE_STATUS_LABELS, CONTACT_METHODS } from '@staff-portal/shared/ir-rules';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';
import { irNs } from '../../locales/ir';

/**
 * The seed's code texts, the same in every language (docs/product/specification.md §3.6, §4.3):
 * contact method, case status and action type. An unknown code shows as its number.
 */
const codeText = (texts: Record<number, string>, code: number) => texts[code] ?? String(code);
export const contactMethodText = (code: number) => codeText(CONTACT_METHODS, code);
export const caseStatusText = (code: number) => codeText(CASE_STATUS_LABELS, code);
export const actionTypeText = (code: number) => codeText(ACTION_TYPES, code);

/** The codes a form offers, in order. */
export const CONTACT_METHOD_CODES = Object.keys(CONTACT_METHODS).map(Number);
export const CASE_STATUS_CODES = Object.keys(CASE_STATUS_LABELS).map(Number);

/** Calendar dates as the lists show them ("05 Mar 2026"), in the current language. */
export function useIrDate(): (value: string | null | undefined) => string {
  const { t, i18n } = useTranslation(irNs);
  const locale = i18n.resolvedLanguage === 'ms' ? 'ms' : 'en';
  return (value) =>
    value === null || value === undefined || value === '' ? t('none') : formatDate(value.slice(0, 10), locale);
}
