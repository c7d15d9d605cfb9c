import type { Language } from '@staff-portal/shared/languages';
import type { PostKind } from '@staff-portal/shared/posts-rules';
import type { Transaction } from '../../db/client';
import type { IdentityUser } from '../../identity/identity-admin';
import { queueMail, type Mail } from '../../mail/outbox-mail';
import { markdownToText } from './markdown-text';
import { claimPostMail, type PostRow } from './posts.repository';

/**
 * The e-mail to a post's audience when it is published (decision record 0048), queued in the
 * outbox like every other message (docs/product/files-mail-logs.md §3, decision record 0019).
 */

const KIND_WORDS: Record<Language, Record<PostKind, string>> = {
  en: { announcement: 'Announcement', staffInfo: 'Staff information' },
  ms: { announcement: 'Pengumuman', staffInfo: 'Maklumat staf' },
};

/** The readers' link of a post: Home with the post open in its dialog (decision record 0049). */
export const postLink = (publicUrl: string, id: string) =>
  `${publicUrl.replace(/\/$/, '')}/?post=${encodeURIComponent(id)}`;

/**
 * One reader's copy of the publish e-mail, in the language they chose: the post's text in full,
 * its links' addresses kept (markdownToText), and the link to the post itself, where its files are.
 */
export function publishMail(
  post: Pick<PostRow, 'id' | 'kind' | 'title' | 'body'>,
  to: string,
  publicUrl: string,
): Mail {
  const link = postLink(publicUrl, post.id);
  const text = markdownToText(post.body);
  return {
    to,
    compose: (language) => ({
      subject: `${KIND_WORDS[language][post.kind]}: ${post.title}`,
      body: [
        post.title,
        '',
        ...(text === '' ? [] : [text, '']),
        language === 'ms' ? `Baca selanjutnya di portal: ${link}` : `Read it on the portal: ${link}`,
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
