/** Business constants of the original specification (docs/product/specification.md §9). */

/** Identity region when none is configured (docs/product/specification.md §9). */
export const DEFAULT_AUTH_REGION = 'ap-southeast-1';

/** A password expires this many months after its last change (docs/product/specification.md §5, §9). */
export const DEFAULT_PASSWORD_EXPIRY_MONTHS = 6;

/** Offset the seed adds to "now" for log and expiry dates, in hours (docs/product/specification.md §7, §9). */
export const SEED_TIME_OFFSET_HOURS = 8;

/** Notification auto-hide, in milliseconds; hover/focus pauses and resumes at half (docs/product/specification.md §9). */
export const NOTIFICATION_AUTO_HIDE_MS = 5000;

/** Attachment size limit, in megabytes (docs/product/specification.md §9 "maximum file size 5"; docs/product/files-mail-logs.md). */
export const MAX_FILE_SIZE_MB = 5;

/** The organisation's time zone (docs/product/departures.md). */
export const DEFAULT_TIME_ZONE = 'Asia/Kuala_Lumpur';

/**
 * The custom attribute recording the last password change (docs/product/specification.md §3), as ISO 8601. The identity
 * service sets it on every password change; the web app derives the expiry from it.
 */
export const PASSWORD_CHANGED_ATTRIBUTE = 'custom:passwordChangedAt';
