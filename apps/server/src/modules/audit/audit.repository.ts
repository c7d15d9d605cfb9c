import { desc, eq } from 'drizzle-orm';
import type { AuditEntry } from '@staff-portal/shared/access-control';
import type { AuditAction, AuditArea } from '@staff-portal/shared/it-admin';
import type { TokenUser } from '../../auth/token-verifier';
import type { Db, Queryable } from '../../db/client';
import { auditEntries } from '../../db/schema/audit';

/**
 * What a change records (decision record 0038); `at` and `id` are the database's. The area and
 * action are the activity explorer's choices (`ACTIVITY_ACTIONS`): a new one is added there first.
 */
export interface AuditRecord {
  actorId: string;
  actorEmail: string | null;
  /** The actor's name as their token gave it, for reading the trail. */
  actorName?: string | null;
  area: AuditArea;
  action: AuditAction;
  target: string | null;
  targetLabel: string | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
}

/** Who makes a change: the verified caller, and the id of the API request (to match the server log). */
export interface AuditActor {
  user: TokenUser;
  requestId: string;
}

/** Pass the change's transaction, so the entry is written with the change or not at all. */
export async function recordAudit(db: Queryable, record: AuditRecord): Promise<void> {
  await db.insert(auditEntries).values({
    ...record,
    actorName: record.actorName ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
    requestId: record.requestId ?? null,
  });
}

/** The name a token gives its user (the `name` claim), if any. */
export function tokenName(user: TokenUser): string | null {
  const name = user.claims['name'];
  return typeof name === 'string' && name !== '' ? name : null;
}

/** An entry for a change `actor` made: their `sub`, e-mail, name and request id filled in. */
export function recordAuditBy(
  db: Queryable,
  actor: AuditActor,
  entry: Omit<AuditRecord, 'actorId' | 'actorEmail' | 'actorName' | 'requestId'>,
): Promise<void> {
  return recordAudit(db, {
    ...entry,
    actorId: actor.user.sub,
    actorEmail: actor.user.email ?? null,
    actorName: tokenName(actor.user),
    requestId: actor.requestId,
  });
}

function entryOf(row: typeof auditEntries.$inferSelect): AuditEntry {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    area: row.area,
    action: row.action,
    target: row.target,
    targetLabel: row.targetLabel,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/** The newest entries about one target, newest first. */
export async function auditOfTarget(db: Db, target: string, limit: number): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.target, target))
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(limit);
  return rows.map(entryOf);
}
