// The posts module, as its readers and admins use it (decision record 0048, docs/product/screens.md
// §2 and §13), over the size's posts and read receipts: a member of staff's list (first page, and
// announcements only: each marks the unread and counts them), the posts of that page opened in
// turn (each first view writes a receipt); the admin list, first page, free text, and status with
// audience (each post with "seen by N of M").
import { measureReaders, type Scenario } from './scenario';

export const posts: Scenario = {
  name: 'posts',
  run: async (bench) => {
    const { member, admin } = await bench.people();
    const readers = await bench.readers();
    const rows = [
      ...(await measureReaders(bench, `GET /api/posts (${readers.length} readers, first page)`, '/api/posts')),
      ...(await measureReaders(
        bench,
        `GET /api/posts?kind=announcement (${readers.length} readers)`,
        '/api/posts?kind=announcement',
      )),
    ];
    const readable = await fetch(`${bench.url}/api/posts`, { headers: member });
    const postIds = ((await readable.json()) as { items?: { id: string }[] }).items?.map((post) => post.id) ?? [];
    if (postIds.length === 0) throw new Error(`the bench reader's post list answered ${readable.status}, no posts`);
    let nextPost = 0;
    const postPath = () => `/api/posts/${postIds[nextPost++ % postIds.length]}`;
    rows.push(
      await bench.measure('GET /api/posts/:id (a reader opens a post)', {
        url: bench.url,
        headers: member,
        requests: [{ setupRequest: (request) => ({ ...request, path: postPath() }) }],
      }),
      await bench.measurePaced('GET /api/posts/:id (a reader opens a post)', () => ({
        path: postPath(),
        headers: member,
      })),
      ...(await bench.measureBoth('GET /api/posts/admin (first page)', '/api/posts/admin', admin)),
      ...(await bench.measureBoth('GET /api/posts/admin?q= (free text)', '/api/posts/admin?q=parking', admin)),
      ...(await bench.measureBoth(
        'GET /api/posts/admin?status=&audience=',
        '/api/posts/admin?status=published&audience=HR',
        admin,
      )),
    );
    return rows;
  },
};
