import { forbidden } from '@staff-portal/shared/errors';
import type { LogEntryInput } from '@staff-portal/shared/log';
import type { TokenUser } from '../../auth/token-verifier';
import type { Db } from '../../db/client';
import { insertLogEntry } from './log.repository';

/**
 * Records a client log entry. The entry is about the caller: a body userId that is not the
 * token's subject is refused, so nobody can write entries in another person's name.
 */
export async function recordLogEntry(db: Db, user: TokenUser, input: LogEntryInput, requestId: string) {
  if (input.userId !== user.sub) throw forbidden('userId must be the signed-in user.');
  const row = await insertLogEntry(db, { ...input, requestId });
  return { id: String(row.id), receivedAt: row.receivedAt.toISOString() };
}
