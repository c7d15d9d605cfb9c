import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyBaseLogger } from 'fastify';
import { leaseNow, sendLeased, type SendEmail } from '@staff-portal/identity/outbox';
import { AppError, notFound, validationError } from '@staff-portal/shared/errors';
import type {
  ActivityPage,
  OutboxMessage,
  OutboxMessageDetail,
  OutboxPage,
  SystemStatus,
  activityQuerySchema,
  outboxQuerySchema,
} from '@staff-portal/shared/it-admin';
import { guardCell } from '@staff-portal/shared/spreadsheet-cells';
import { dayBoundsIn } from '@staff-portal/shared/staff-movement';
import type { z } from 'zod';
import type { TokenUser } from '../../auth/token-verifier';
import type { Database } from '../../db/client';
import { migrationLevel } from '../../db/migrate';
import { recordAudit, tokenName, type AuditActor, auditedStream, givenFilters } from '../audit/audit.public';
import type { IdentityAdmin } from '../../identity/identity-admin';
import { activityPage, type ActivityCursor, type ActivityFilter } from './activity.repository';
import { databaseSize } from './it-admin.repository';
import {
  findOutboxMessage,
  lastDeliveryError,
  outboxCounts,
  outboxMessages,
  outboxState,
  type OutboxRow,
} from './outbox.repository';

export interface ItAdminDeps {
  database: Database;
  admin: IdentityAdmin;
  timeZone: string;
  identityMode: 'embedded' | 'cognito';
  userPoolId: string;
  sendEmail: SendEmail | undefined;
  readCacheStats: () => { hits: number; misses: number };
  log: FastifyBaseLogger;
  startedAt: Date;
}

type ActivityQuery = z.output<typeof activityQuerySchema>;

/** The columns of the activity CSV, in order. */
const ACTIVITY_CSV_COLUMNS = [
  'at',
  'source',
  'userId',
  'userEmail',
  'area',
  'action',
  'target',
  'targetLabel',
  'before',
  'after',
  'details',
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cursor as the API hands it out: opaque, and checked when it comes back. */
export function encodeCursor(cursor: ActivityCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.source, cursor.id])).toString('base64url');
}

export function decodeCursor(text: string): ActivityCursor {
  try {
    const [at, source, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof at === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at) &&
      (source === 'log' || source === 'audit') &&
      typeof id === 'number' &&
      Number.isSafeInteger(id)
    ) {
      return { at, source, id };
    }
  } catch {
    // Falls through to the refusal.
  }
  throw validationError('This is not a page of the activity list. Start again from the first page.', 'after');
}

function messageOf(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    state: outboxState(row),
    attempts: row.attempts,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    deliveryError: row.deliveryError,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  };
}

/**
 * The server's version (its package's) and the commit of the checkout it runs from, when it can
 * tell: found by walking up from this file, which works from the sources and from the bundle
 * (`apps/server/dist`) alike. SOURCE_COMMIT or GIT_COMMIT, when set (an image built without
 * `.git`), name the commit instead.
 */
function versionOf(): { version: string; commit: string | null } {
  let version = '0.0.0';
  let commit = process.env['SOURCE_COMMIT'] ?? process.env['GIT_COMMIT'] ?? null;
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (version === '0.0.0' && fs.existsSync(manifest)) {
      const { name, version: found } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (name === '@staff-portal/server' && found !== undefined) version = found;
    }
    if (commit === null && fs.existsSync(path.join(dir, '.git', 'HEAD'))) {
      try {
        const head = fs.readFileSync(path.join(dir, '.git', 'HEAD'), 'utf8').trim();
        commit = head.startsWith('ref: ')
          ? fs.readFileSync(path.join(dir, '.git', head.slice(5)), 'utf8').trim()
          : head;
      } catch {
        // A packed ref, or no permission: the commit stays unknown.
      }
    }
    if (path.dirname(dir) === dir) break;
  }
  return { version, commit: commit === null ? null : commit.slice(0, 12) };
}

export function createItAdminService(deps: ItAdminDeps) {
  const { database, admin, timeZone } = deps;
  const db = database.db;
  const build = versionOf();

  async function filterOf(query: ActivityQuery): Promise<ActivityFilter> {
    const filter: ActivityFilter = {
      source: query.source,
      area: query.area,
      action: query.action,
      from: query.from === undefined ? undefined : dayBoundsIn(query.from, timeZone).start,
      to: query.to === undefined ? undefined : dayBoundsIn(query.to, timeZone).end,
      text: query.q,
    };
    if (query.user !== undefined) {
      if (UUID.test(query.user)) {
        filter.userIds = [query.user.toLowerCase()];
      } else {
        // Log entries keep only the user's id: the e-mail is looked up in the identity provider.
        filter.userEmailPrefix = query.user;
        filter.userIds = (await admin.findByPrefix('email', query.user)).map((user) => user.username);
      }
    }
    return filter;
  }

  return {
    async activity(query: ActivityQuery): Promise<ActivityPage> {
      const cursor = query.after === undefined ? undefined : decodeCursor(query.after);
      const page = await activityPage(db, await filterOf(query), cursor, query.limit);
      return { items: page.items, next: page.next === null ? null : encodeCursor(page.next) };
    },

    /**
     * Every matching entry as CSV, read a page at a time while it is sent; audited when the
     * download ends (docs/product/files-mail-logs.md §2).
     */
    async activityCsv(actor: AuditActor, query: ActivityQuery): Promise<Readable> {
      const filter = await filterOf(query);
      const { after: _after, limit: _limit, ...filters } = query;
      const options = {
        // docs/product/files-mail-logs.md §4: anyone's log entry or an audited name may start a formula.
        cast: { string: guardCell },
        columns: ACTIVITY_CSV_COLUMNS,
      };
      return auditedStream(
        db,
        actor,
        { area: 'it-admin', action: 'activity.export', fileName: 'activity.csv', filters: givenFilters(filters) },
        async function* (counted) {
          yield stringify([], { ...options, header: true });
          let cursor: ActivityCursor | undefined;
          do {
            const page = await activityPage(db, filter, cursor, 500);
            const lines = stringify(
              page.items.map((entry) => ({
                ...entry,
                before: entry.before === null ? '' : JSON.stringify(entry.before),
                after: entry.after === null ? '' : JSON.stringify(entry.after),
                details: entry.details === null ? '' : JSON.stringify(entry.details),
              })),
              options,
            );
            // Counted before it is handed on: a download cut off after it still counts it.
            counted(page.items.length);
            yield lines;
            cursor = page.next ?? undefined;
          } while (cursor !== undefined);
        },
      );
    },

    async status(): Promise<SystemStatus> {
      const [level, size, outbox, lastError] = await Promise.all([
        migrationLevel(database),
        databaseSize(db).catch(() => null),
        outboxCounts(db),
        lastDeliveryError(db),
      ]);
      const cache = deps.readCacheStats();
      const looked = cache.hits + cache.misses;
      return {
        version: build.version,
        commit: build.commit,
        startedAt: deps.startedAt.toISOString(),
        uptimeSeconds: Math.round(process.uptime()),
        database: {
          engine: database.engine,
          sizeBytes: size !== null && Number.isFinite(size) ? size : null,
          migrations: level.applied,
          latestMigration: level.latest,
        },
        identity: { mode: deps.identityMode, userPoolId: deps.userPoolId },
        mail: {
          mode: deps.sendEmail === undefined ? 'outbox' : 'smtp',
          lastDeliveryError: lastError?.error ?? null,
          lastDeliveryErrorAt: lastError?.at.toISOString() ?? null,
        },
        outbox,
        readCache: { ...cache, hitRate: looked === 0 ? null : cache.hits / looked },
      };
    },

    async outbox(query: z.output<typeof outboxQuerySchema>): Promise<OutboxPage> {
      const rows = await outboxMessages(db, query, query.limit + 1);
      const page = rows.slice(0, query.limit);
      return { items: page.map(messageOf), next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
    },

    /** One message with its body. It may hold a code or a temporary password: who opened it is audited. */
    async openMessage(actor: TokenUser, requestId: string, id: number): Promise<OutboxMessageDetail> {
      const row = await findOutboxMessage(db, id);
      if (!row) throw notFound('There is no such message.');
      await recordAudit(db, {
        actorId: actor.sub,
        actorEmail: actor.email ?? null,
        actorName: tokenName(actor),
        area: 'it-admin',
        action: 'outbox.open',
        target: `outbox:${row.id}`,
        targetLabel: `${row.subject} → ${row.recipient}`,
        requestId,
      });
      return { ...messageOf(row), body: row.body };
    },

    /** Sends an e-mail that failed or waits, now (SMTP only). */
    async retry(actor: TokenUser, requestId: string, id: number): Promise<OutboxMessage> {
      const row = await findOutboxMessage(db, id);
      if (!row) throw notFound('There is no such message.');
      if (deps.sendEmail === undefined) {
        throw new AppError('CONFLICT', 'This server keeps e-mail in the outbox and sends none (SMTP_URL is not set).');
      }
      if (row.channel !== 'EMAIL') throw new AppError('CONFLICT', 'Only e-mail is sent from the outbox.');
      if (row.deliveredAt !== null) throw new AppError('CONFLICT', 'This e-mail was delivered already.');
      // A first attempt under way (never failed, its lease running) is not sent a second time.
      const sending = row.deliveryError === null && row.nextAttemptAt !== null && row.nextAttemptAt > new Date();
      const leased = sending ? [] : await leaseNow(db, id, row.attempts);
      if (leased.length === 0) throw new AppError('CONFLICT', 'This e-mail is being sent now: look again in a moment.');
      await sendLeased(db, leased, deps.sendEmail, deps.log);
      await recordAudit(db, {
        actorId: actor.sub,
        actorEmail: actor.email ?? null,
        actorName: tokenName(actor),
        area: 'it-admin',
        action: 'outbox.retry',
        target: `outbox:${row.id}`,
        targetLabel: `${row.subject} → ${row.recipient}`,
        before: { state: outboxState(row), attempts: row.attempts },
        requestId,
      });
      const after = await findOutboxMessage(db, id);
      return messageOf(after ?? row);
    },
  };
}

export type ItAdminService = ReturnType<typeof createItAdminService>;
