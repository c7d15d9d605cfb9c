/**
 * The app's user-facing texts in one place, so that the translation issue can move them into
 * message catalogues without hunting. Texts quoted by the original specification (seed §2, §8)
 * are verbatim and must stay so; the others say where they come from.
 */

export const APP_NAME = 'Staff Portal';

export const GO_BACK_LABEL = 'Go Back';
export const GO_HOME_LABEL = 'Go to Home';
export const RELOAD_LABEL = 'Reload';
export const LOADING_LABEL = 'Loading…';

export const NOT_FOUND_TITLE = 'Page Not Found';
export const NOT_FOUND_MESSAGE =
  "Oops! The page you're looking for doesn't exist. Please contact your administrator if you believe this is an error.";

export const UNAUTHORIZED_TITLE = 'Unauthorized';
export const UNAUTHORIZED_MESSAGE =
  'You do not have permission to access this page. Please contact your administrator if you believe this is an error.';

export const UNDER_CONSTRUCTION_TITLE = 'Under Construction';
export const UNDER_CONSTRUCTION_MESSAGE =
  'This page is currently under construction. Please check back later or contact your administrator if you have questions.';

export const CONFIG_ERROR_TITLE = 'Configuration Error';
/** Note the en dash: the seed's exact text. */
export const CONFIG_ERROR_MESSAGE = 'Configuration error (see console) – please contact the administrator';

/** Not in the seed: shown when a page's code cannot be loaded (typically a new release was deployed). */
export const ROUTE_ERROR_TITLE = 'Something Went Wrong';
export const ROUTE_ERROR_MESSAGE =
  'This page could not be loaded. Please reload the page or contact your administrator if the problem persists.';

export const DISMISS_MESSAGE_LABEL = 'Dismiss message';

export const NETWORK_ERROR_MESSAGE = 'Network error';
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error has occurred.';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';
export const UPDATE_USER_ATTRIBUTE_ERROR_MESSAGE = 'Error updating user attribute.';
export const PASSWORD_CHANGED_MESSAGE = 'Password changed successfully!';
export const INVALID_EMAIL_TEXT = 'Invalid Email';
export const INVALID_DATE_TEXT = 'Invalid Date';
