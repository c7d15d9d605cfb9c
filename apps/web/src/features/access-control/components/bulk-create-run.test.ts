import { AppError } from '@staff-portal/shared/errors';
import type { BulkPreviewRow } from '@staff-portal/shared/access-control-bulk';
import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_PAUSE_MS, runBulkCreate } from './bulk-create-run';

const row = (line: number, email: string): BulkPreviewRow => ({
  line,
  email,
  name: `Person ${line}`,
  departments: ['HR'],
  unknownDepartments: [],
  problems: [],
});

describe('runBulkCreate', () => {
  it("waits out the server's limit of changes a minute and sends the row again", async () => {
    const sent: string[] = [];
    const waits: number[] = [];
    const pauses: boolean[] = [];
    let refusals = 2;
    const result = await runBulkCreate({
      rows: [row(2, 'a@example.org'), row(3, 'b@example.org')],
      create: async ({ email }) => {
        sent.push(email);
        if (email === 'b@example.org' && refusals-- > 0) {
          throw new AppError('RATE_LIMITED', 'Too many changes. Try again in a minute.');
        }
      },
      stopRequested: () => false,
      onProgress: () => undefined,
      onPause: (paused) => pauses.push(paused),
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    expect(sent).toEqual(['a@example.org', 'b@example.org', 'b@example.org', 'b@example.org']);
    expect(waits).toEqual([RATE_LIMIT_PAUSE_MS, RATE_LIMIT_PAUSE_MS]);
    expect(pauses).toEqual([true, false, true, false]);
    expect(result.stoppedBy).toBeNull();
    expect(result.outcomes.map((outcome) => outcome.outcome)).toEqual(['created', 'created']);
  });

  it('stops during a pause when the user asks, the waiting row not created', async () => {
    let stop = false;
    const result = await runBulkCreate({
      rows: [row(2, 'a@example.org')],
      create: async () => {
        throw new AppError('RATE_LIMITED', 'Too many changes.');
      },
      stopRequested: () => stop,
      onProgress: () => undefined,
      wait: async () => {
        stop = true;
      },
    });
    expect(result.stoppedBy).toBe('user');
    expect(result.outcomes.map((outcome) => outcome.outcome)).toEqual(['notAttempted']);
  });
});
