import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEntries } from '../../db/schema/audit';
import { createTestApp } from '../../test/app';
import type { AuditActor } from './audit.repository';
import { auditedStream, type ExportAudit } from './audited-export';

const sub = '00000000-0000-4000-8000-0000000000aa';
const actor: AuditActor = {
  user: { sub, username: sub, email: 'it@example.org', groups: ['ITAdmin'], tokenUse: 'id', claims: { sub } },
  requestId: 'req-1',
};
const audit: ExportAudit = {
  area: 'it-admin',
  action: 'activity.export',
  fileName: 'activity.csv',
  filters: { area: 'ir' },
};

/** `count` chunks of two rows each. */
const chunksOf = (count: number) =>
  async function* chunks(counted: (rows: number) => void) {
    for (let i = 0; i < count; i++) {
      counted(2);
      yield `${i}a\r\n${i}b\r\n`;
    }
  };

describe('auditedStream (decision record 0072)', () => {
  it('writes one entry when the file is sent whole', async () => {
    const ctx = await createTestApp();
    const stream = auditedStream(ctx.database.db, actor, audit, chunksOf(3));
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(text).toBe('0a\r\n0b\r\n1a\r\n1b\r\n2a\r\n2b\r\n');
    const entries = await ctx.database.db.select().from(auditEntries);
    expect(entries).toMatchObject([
      {
        actorId: sub,
        actorEmail: 'it@example.org',
        area: 'it-admin',
        action: 'activity.export',
        target: null,
        targetLabel: 'activity.csv',
        after: { filters: { area: 'ir' }, rows: 6, complete: true },
        requestId: 'req-1',
      },
    ]);
  });

  it('writes the entry of a download cut off, with the rows put out before it stopped', async () => {
    const ctx = await createTestApp();
    const stream = auditedStream(ctx.database.db, actor, audit, chunksOf(1000));
    for await (const chunk of stream) {
      expect(String(chunk)).toBe('0a\r\n0b\r\n');
      break; // the client goes away: the stream is destroyed
    }
    const entries = () => ctx.database.db.select().from(auditEntries).where(eq(auditEntries.action, 'activity.export'));
    await expect.poll(entries).toHaveLength(1);
    const after = (await entries())[0]!.after as { filters: unknown; rows: number; complete: boolean };
    // The rows read ahead into the stream's buffer count too: at least the first chunk, far from all.
    expect(after).toMatchObject({ filters: { area: 'ir' }, complete: false });
    expect(after.rows).toBeGreaterThanOrEqual(2);
    expect(after.rows).toBeLessThan(2000);
  });
});
