import type { LogEntryInput } from '@staff-portal/shared/log';
import type { Db } from '../../db/client';
import { logEntries } from '../../db/schema/log';

/** An entry, with who it is about as their token (or their account) had them then. */
export type LogEntryRow = LogEntryInput & {
  userEmail: string | null;
  userName: string | null;
  requestId: string | null;
};

export async function insertLogEntry(db: Db, entry: LogEntryRow) {
  const [row] = await db
    .insert(logEntries)
    .values(entry)
    .returning({ id: logEntries.id, receivedAt: logEntries.receivedAt });
  return row!;
}
