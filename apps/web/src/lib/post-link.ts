/** The search parameter that opens a post on Home, so its link can be shared: `/?post=<id>`. */
export const POST_PARAM = 'post';

/** The link that opens a post on Home (docs/product/screens.md §2). */
export const postLink = (id: string) => ({ pathname: '/', search: `?${POST_PARAM}=${encodeURIComponent(id)}` });
