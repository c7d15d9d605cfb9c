import { activityEntrySchema, outboxMessageSchema, systemStatusSchema } from '@staff-portal/shared/it-admin';
import type { ActivityEntry, OutboxMessage, SystemStatus } from '@staff-portal/shared/it-admin';

// Through the shared schemas, so a fixture that drifts from the contract fails where it is made.

export const ADMIN_ID = '0b6f6c1e-1c1f-4c4e-9f55-1a2b3c4d5eff';
export const ADMIN_EMAIL = 'it.admin@staffportal.example';
export const HAFIZ_ID = '0b6f6c1e-1c1f-4c4e-9f55-000000000003';

/** An audited change: the IT admin disabled Hafiz's account. */
export function auditEntry(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return activityEntrySchema.parse({
    id: 'audit:7',
    source: 'audit',
    at: '2026-03-05T06:07:00.000Z',
    userId: ADMIN_ID,
    userEmail: ADMIN_EMAIL,
    userName: null,
    area: 'access-control',
    action: 'account.disable',
    target: HAFIZ_ID,
    targetLabel: 'hafiz@staffportal.example',
    before: { enabled: true, departments: ['HR'], status: 'CONFIRMED' },
    after: { enabled: false, departments: ['HR'], status: 'CONFIRMED' },
    details: null,
    ...overrides,
  });
}

/** A sign-in, as the logging API recorded it before entries kept who (no e-mail, its own fields). */
export function logEntry(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return activityEntrySchema.parse({
    id: 'log:3',
    source: 'log',
    at: '2026-03-05T01:30:00.000Z',
    userId: HAFIZ_ID,
    userEmail: null,
    userName: null,
    area: 'sign-in',
    action: 'SIGN_IN',
    target: null,
    targetLabel: '/home',
    before: null,
    after: null,
    details: { request: 'GET', url: '/home', stream: 'web', logDate: '2026-03-05 09:30:00' },
    ...overrides,
  });
}

/** A sign-in the identity service refused (decision record 0078): Hafiz's wrong password. */
export function refusedSignIn(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return activityEntrySchema.parse({
    id: 'log:4',
    source: 'log',
    at: '2026-03-05T01:20:00.000Z',
    userId: HAFIZ_ID,
    userEmail: 'hafiz@staffportal.example',
    userName: 'Hafiz Rahman',
    area: 'sign-in',
    action: 'LoginFailed',
    target: null,
    targetLabel: null,
    before: null,
    after: null,
    details: { reason: 'wrong-password', stream: 'identity', logDate: '2026-03-05T01:20:00.000Z' },
    ...overrides,
  });
}

/** `n` entries one minute apart, newest first, for paging. */
export function manyEntries(n: number): ActivityEntry[] {
  return Array.from({ length: n }, (_, index) =>
    auditEntry({
      id: `audit:${1000 - index}`,
      at: new Date(Date.UTC(2026, 2, 5, 6, 0) - index * 60_000).toISOString(),
      action: `entry.${index}`,
    }),
  );
}

export function outboxMessage(overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return outboxMessageSchema.parse({
    id: 41,
    channel: 'EMAIL',
    recipient: 'hafiz@staffportal.example',
    subject: 'Your verification code',
    createdAt: '2026-03-05T02:00:00.000Z',
    state: 'delivered',
    attempts: 1,
    deliveredAt: '2026-03-05T02:00:05.000Z',
    deliveryError: null,
    nextAttemptAt: null,
    ...overrides,
  });
}

export const DELIVERED = outboxMessage();
export const FAILED = outboxMessage({
  id: 42,
  recipient: 'priya@staffportal.example',
  subject: 'Your temporary password',
  createdAt: '2026-03-05T03:00:00.000Z',
  state: 'failed',
  attempts: 3,
  deliveredAt: null,
  deliveryError: '550 mailbox unavailable',
  nextAttemptAt: null,
});
export const SMS = outboxMessage({
  id: 43,
  channel: 'SMS',
  recipient: '+60123456789',
  subject: '',
  createdAt: '2026-03-05T04:00:00.000Z',
  state: 'kept',
  attempts: 0,
  deliveredAt: null,
});

export function systemStatus(overrides: Partial<SystemStatus> = {}): SystemStatus {
  return systemStatusSchema.parse({
    version: '1.4.2',
    commit: 'a1b2c3d',
    startedAt: '2026-03-01T00:00:00.000Z',
    // 2 days, 3 hours and 4 minutes.
    uptimeSeconds: 2 * 86_400 + 3 * 3_600 + 4 * 60 + 30,
    database: { engine: 'postgres', sizeBytes: 52_428_800, migrations: 19, latestMigration: '0018_activity-explorer' },
    identity: { mode: 'embedded', userPoolId: 'ap-southeast-1_StaffPortal' },
    mail: {
      mode: 'smtp',
      lastDeliveryError: '550 mailbox unavailable',
      lastDeliveryErrorAt: '2026-03-05T03:00:10.000Z',
    },
    outbox: { waiting: 2, failed: 1 },
    readCache: { hits: 875, misses: 125, hitRate: 0.875 },
    ...overrides,
  });
}
