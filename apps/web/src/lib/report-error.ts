import { AppError, isAppError } from '@staff-portal/shared/errors';
import type { NotifyOptions } from '../components/notification-context';
import { errorText } from './error-text';
import { i18n } from './i18n';

// The api-client reports an error when it happens and TanStack Query reports it again when the
// query or mutation fails; remembering the error object shows it once.
const reported = new WeakSet<object>();

/** Turns anything thrown into the project's one error type, keeping internals out of the UI. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  return new AppError('INTERNAL_ERROR', i18n.t('unknownError'));
}

/**
 * Shows an error in the seed's notification, once per error object. Having no staff leave record
 * is not an error to the user: the leave pages say so in place (components/no-staff-record).
 */
export function reportError(error: unknown, notify: (options: NotifyOptions) => void): void {
  if (isAppError(error) && error.code === 'NO_STAFF_RECORD') return;
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  if (!isAppError(error)) {
    // Not an answer of our API: a bug or a library failure. The user sees the seed's generic
    // message; the console keeps the details for whoever investigates.
    console.error(error);
  }
  notify({ message: errorText(toAppError(error)), severity: 'error' });
}
