import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as admin from '@staff-portal/identity/admin';
import { createUser } from '../identity/identity-test-kit';
import { createTestApp } from '../test/app';
import { freshDatabase, testEngine } from '../test/databases';
import { tokenCutoffs } from '../db/schema/audit';
import { createTokenCutoffs } from './token-cutoffs';
import { listenForTokenNotices, type TokenNotices } from './token-notices';
import { eventually } from '../test/eventually';

// The database tells every replica of each change a token depends on, when it commits (decision
// record 0074): triggers on the identity tables and on token_cutoffs notify the channel, and each
// replica listens on it (PGlite in process; PostgreSQL on a connection of its own).

const closing: TokenNotices[] = [];
afterEach(async () => {
  for (const notices of closing.splice(0)) await notices.close();
});

const silent = { info: () => undefined, warn: () => undefined };
/** A listener that keeps what it hears. */
async function listener(
  database: Parameters<typeof listenForTokenNotices>[0],
  resync: () => Promise<void> = () => Promise.resolve(),
) {
  const heard = { users: [] as string[], cutoffs: [] as [string, number][], resyncs: 0 };
  const notices = await listenForTokenNotices(
    database,
    {
      userChanged: (userId) => heard.users.push(userId),
      cutoff: (userId, notBefore) => heard.cutoffs.push([userId, notBefore]),
      resync: async () => {
        await resync();
        heard.resyncs++;
      },
    },
    silent,
  );
  closing.push(notices);
  return { heard, notices };
}

describe('notices of token changes', () => {
  it('tells every listener on the database of a group change and of a cutoff, once committed', async () => {
    const { app, database } = await createTestApp({ realIdentity: true });
    const userId = await createUser(app, 'ir@example.org', { groups: ['IR'] });
    const [a, b] = [await listener(database), await listener(database)];
    expect(a.notices.listening()).toBe(true);

    const pool = { UserPoolId: app.identity!.context.config.userPoolId };
    await admin.adminRemoveUserFromGroup(app.identity!.context, { ...pool, Username: userId, GroupName: 'IR' });
    for (const { heard } of [a, b]) await vi.waitFor(() => expect(heard.users).toContain(userId), eventually);

    // A cutoff written in a transaction that rolls back says nothing; the one after it does.
    await database.db
      .transaction(async (tx) => {
        await tx.insert(tokenCutoffs).values({ userId: 'rolled-back', notBefore: new Date() });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const cutoffs = createTokenCutoffs(database.db);
    await cutoffs.cut(userId);
    cutoffs.close();
    for (const { heard } of [a, b]) {
      await vi.waitFor(() => expect(heard.cutoffs.map(([id]) => id)).toContain(userId), eventually);
      expect(heard.cutoffs.map(([id]) => id)).not.toContain('rolled-back');
      const [, notBefore] = heard.cutoffs.find(([id]) => id === userId)!;
      expect(notBefore % 1000).toBe(0);
    }
  });

  it('says nothing of a sign-in’s own writes (counters, sessions started)', async () => {
    const { app, database } = await createTestApp({ realIdentity: true });
    const userId = await createUser(app, 'hr@example.org', { groups: ['HR'] });
    const { heard } = await listener(database);
    await database.db.execute(
      sql`update identity_users set failed_attempts = 3, last_failure_at = now() where id = ${userId}`,
    );
    await database.db.execute(
      sql`insert into identity_refresh_tokens (user_id, client_id, auth_time, expires_at)
          values (${userId}, 'client', now(), now() + interval '1 day')`,
    );
    // A change that does notify, after them: once it is heard, they would have been too.
    await database.db.execute(sql`update identity_users set enabled = false where id = ${userId}`);
    await vi.waitFor(() => expect(heard.users).toContain(userId), eventually);
    expect(heard.users).toEqual([userId]);
  });

  it.runIf(testEngine === 'postgres')(
    'stops listening when its connection is lost, and listens again only once it has read again what it missed',
    async () => {
      // No app on it: this test's listener is the only one.
      const database = await freshDatabase();
      const cutoffs = createTokenCutoffs(database.db);
      const { heard, notices } = await listener(database, () => cutoffs.refresh());
      expect([notices.listening(), heard.resyncs]).toEqual([true, 1]);
      if (database.driver.engine !== 'postgres') throw new Error('PostgreSQL only');

      // Reading the cutoffs again waits while this transaction holds the table.
      const holder = new pg.Client(database.driver.pool.options);
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('lock table token_cutoffs in access exclusive mode');
        const killed = await holder.query<{ n: number }>(
          `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
           where datname = current_database() and application_name = 'staff-portal token notices'`,
        );
        expect(killed.rows[0]!.n).toBe(1);
        await vi.waitFor(() => expect(notices.listening()).toBe(false), eventually);
        // Connected and listening again, it is still reading; until then it does not say it listens.
        await vi.waitFor(async () => {
          const waiting = await holder.query<{ n: number }>(
            `select count(*)::int as n from pg_locks where relation = 'token_cutoffs'::regclass and not granted`,
          );
          expect(waiting.rows[0]!.n).toBeGreaterThan(0);
        }, eventually);
        expect([notices.listening(), heard.resyncs]).toEqual([false, 1]);
      } finally {
        await holder.query('rollback');
        await holder.end();
      }
      await vi.waitFor(() => expect([notices.listening(), heard.resyncs]).toEqual([true, 2]), eventually);
      cutoffs.close();
      await notices.close();
      await database.close();
    },
  );
});
