import type { Language } from '@staff-portal/shared/languages';
import { postExcerpt, type PostKind } from '@staff-portal/shared/posts-rules';
import type { Transaction } from '../../db/client';
import type { IdentityUser } from '../access-control/identity-admin';
import { queueMail, type Mail } from '../../mail/outbox-mail';
import { claimPostMail, type PostRow } from './posts.repository';

/**
 * The e-mail to a post's audience when it is published (decision record 0048), queued in the
 * outbox like every other message (docs/product/files-mail-logs.md §3, decision record 0019).
 */

const KIND_WORDS: Record<Language, Record<PostKind, string>> = {
  en: { announcement: 'Announcement', staffInfo: 'Staff information' },
  ms: { announcement: 'Pengumuman', staffInfo: 'Maklumat staf' },
};

/** One reader's copy of the publish e-mail, in the language they chose. */
export function publishMail(post: Pick<PostRow, 'kind' | 'title' | 'body'>, to: string, publicUrl: string): Mail {
  // The web app reads published posts on Home (docs/product/screens.md §2).
  const home = `${publicUrl.replace(/\/$/, '')}/`;
  const excerpt = postExcerpt(post.body, 1000);
  return {
    to,
    compose: (language) => ({
      subject: `${KIND_WORDS[language][post.kind]}: ${post.title}`,
      body: [
        post.title,
        '',
        excerpt,
        '',
        language === 'ms' ? `Baca selanjutnya di portal: ${home}` : `Read it on the portal: ${home}`,
      ].join('\n'),
    }),
  };
}

/** The addresses of the accounts, each once. */
export const addressesOf = (accounts: IdentityUser[]) => [
  ...new Set(accounts.map((account) => account.email).filter((email) => email !== '')),
];

/**
 * Inside the caller's transaction: marks the post's e-mail as queued if it is still due (only one
 * caller ever does: `claimPostMail`) and queues one message per address. Answers the outbox rows
 * to deliver after the commit, or null when another caller had queued it or it is no longer due.
 */
export async function queuePublishMail(
  tx: Transaction,
  post: PostRow,
  addresses: string[],
  options: { now: Date; publicUrl: string; willSend: boolean },
): Promise<number[] | null> {
  if (!(await claimPostMail(tx, post, options.now, addresses.length))) return null;
  return queueMail(
    tx,
    addresses.map((to) => publishMail(post, to, options.publicUrl)),
    options.willSend,
  );
}
