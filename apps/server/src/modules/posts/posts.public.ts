/**
 * What other modules may use of announcements and staff information (CONTRIBUTING.md §3.2, module
 * boundaries): Home's reader summary and page, and the kept account directory posts are addressed by.
 */
export { keptDirectory } from './posts-audience';
export { readerPostPage } from './posts.repository';
export { readerSummaryOf } from './posts-reading.service';
export { readerAnswer } from './reader-answers';
export { readerCounts } from './reader-counts';
