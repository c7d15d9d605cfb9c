import type { ErrorDetail } from '@staff-portal/shared/error-reasons';
import { useTranslation } from 'react-i18next';
import { i18n } from './i18n';

/** Figures that are calendar dates (YYYY-MM-DD) and day counts, shown as the user reads them. */
const DATE_PARAMS = new Set(['date', 'start', 'end', 'from', 'to']);
const DAY_PARAMS = new Set(['days', 'available']);

/** "25 Nov 2026": day first, as the lists show dates (lib/dates.ts), without its dependencies. */
function formatIsoDate(iso: string, language: string): string {
  const at = new Date(`${iso}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'ms' ? 'ms-MY' : 'en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
}

/** A refused field's reason, worded in the current language (locales/<language>/errors.ts). */
export function reasonText({ reason, params }: ErrorDetail): string {
  const language = i18n.resolvedLanguage ?? i18n.language;
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string' && DATE_PARAMS.has(key)) values[key] = formatIsoDate(value, language);
    else if (typeof value === 'number' && DAY_PARAMS.has(key))
      values[key] = i18n.t('errors:dayCount', { count: value });
    else values[key] = value;
  }
  if (reason === 'genderOnly') values.who = i18n.t(params.gender === 'F' ? 'errors:who.F' : 'errors:who.M');
  return i18n.t(`errors:reasons.${reason}`, values);
}

/**
 * What to tell the user about an error: with a reason (validation errors of our API and of the
 * forms), its text in the current language; otherwise the error's own message.
 */
export function errorText(error: { message: string; detail?: ErrorDetail | undefined }): string {
  return error.detail === undefined ? error.message : reasonText(error.detail);
}

/** `errorText` for components: worded again when the language changes (the hook re-renders them). */
export function useErrorText(): (
  error: { message: string; detail?: ErrorDetail | undefined } | undefined,
) => string | undefined {
  useTranslation('errors');
  return (error) => (error === undefined ? undefined : errorText(error));
}
