import type { LogEntryInput } from '@staff-portal/shared/log';
import type { Db } from '../../db/client';
import { logEntries } from '../../db/schema/log';

export async function insertLogEntry(db: Db, entry: LogEntryInput & { requestId: string }) {
  const [row] = await db
    .insert(logEntries)
    .values(entry)
    .returning({ id: logEntries.id, receivedAt: logEntries.receivedAt });
  return row!;
}
