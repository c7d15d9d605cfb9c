/**
 * What other modules may use of staff movement (CONTRIBUTING.md §3.2, module boundaries): revoking
 * a person's calendar feeds.
 */
export { revokeAllFeedsOf } from './staff-movement.repository';
