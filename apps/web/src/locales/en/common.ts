/**
 * Texts shared by every screen. Texts quoted by the original specification (docs/product/specification.md §2, §8) are
 * verbatim and must stay so.
 */
export const common = {
  appName: 'Staff Portal',
  goBack: 'Go Back',
  goHome: 'Go to Home',
  reload: 'Reload',
  loading: 'Loading…',
  dismissMessage: 'Dismiss message',
  networkError: 'Network error',
  unknownError: 'An unknown error has occurred.',
  sessionExpired: 'Your session has expired. Please log in again.',
  invalidEmail: 'Invalid Email',
  invalidDate: 'Invalid Date',
};
