/** Business constants of the original specification (seed §9). */

/** Identity region when none is configured (seed §9). */
export const DEFAULT_AUTH_REGION = 'ap-southeast-1';

/** A password expires this many months after its last change (seed §5, §9). */
export const DEFAULT_PASSWORD_EXPIRY_MONTHS = 6;

/** Offset the seed adds to "now" for log and expiry dates, in hours (seed §7, §9). */
export const SEED_TIME_OFFSET_HOURS = 8;

/** Notification auto-hide, in milliseconds; hover/focus pauses and resumes at half (seed §9). */
export const NOTIFICATION_AUTO_HIDE_MS = 5000;

/** Attachment size limit, in megabytes (seed §9 "maximum file size 5"; PRODUCT.md §7). */
export const MAX_FILE_SIZE_MB = 5;

/** The organisation's time zone (PRODUCT.md §9). */
export const DEFAULT_TIME_ZONE = 'Asia/Kuala_Lumpur';

/**
 * The custom attribute recording the last password change (seed §3), as ISO 8601. The identity
 * service sets it on every password change; the web app derives the expiry from it.
 */
export const PASSWORD_CHANGED_ATTRIBUTE = 'custom:passwordChangedAt';
