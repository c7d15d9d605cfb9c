import type { SignInRefused } from '@staff-portal/identity/context';
import { forbidden } from '@staff-portal/shared/errors';
import { maskNricsIn } from '@staff-portal/shared/ir-rules';
import { SIGN_IN_REFUSED_ACTION } from '@staff-portal/shared/it-admin';
import { IDENTITY_STREAM, type LogEntryInput } from '@staff-portal/shared/log';
import type { TokenUser } from '../../auth/token-verifier';
import type { Db } from '../../db/client';
import { tokenName } from '../audit/audit.public';
import { insertLogEntry } from './log.repository';

/**
 * Records a client log entry. The entry is about the caller: a body userId that is not the
 * token's subject is refused, so nobody can write entries in another person's name. Their
 * e-mail and name are kept from the token, for reading and searching the activity
 * (docs/product/screens.md §15). IT admins read the entries and see NRICs masked, so an
 * NRIC-shaped number in the entry's texts (a page address with a search) is kept masked
 * (docs/product/ir.md §1).
 */
export async function recordLogEntry(db: Db, user: TokenUser, input: LogEntryInput, requestId: string) {
  if (input.userId !== user.sub) throw forbidden('userId must be the signed-in user.');
  const row = await insertLogEntry(db, {
    ...input,
    action: maskNricsIn(input.action),
    request: maskNricsIn(input.request),
    url: maskNricsIn(input.url),
    userEmail: user.email ?? null,
    userName: tokenName(user),
    requestId,
  });
  return { id: String(row.id), receivedAt: row.receivedAt.toISOString() };
}

/**
 * Records a sign-in the embedded identity service refused (decision record 0078), as a sign-in
 * entry of its own stream: the account's e-mail and name, the reason in `request`, the server's
 * time as the log date. Nothing that was typed is in it.
 */
export async function recordSignInRefusal(db: Db, refusal: SignInRefused) {
  await insertLogEntry(db, {
    userId: refusal.userId,
    userEmail: refusal.email,
    userName: refusal.name,
    action: SIGN_IN_REFUSED_ACTION,
    request: refusal.reason,
    url: '',
    stream: IDENTITY_STREAM,
    logDate: new Date().toISOString(),
    requestId: null,
  });
}
