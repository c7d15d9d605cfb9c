import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@staff-portal/shared/constants';
import { LEAVE_STATUS, type DayType, type LeaveStatus } from '@staff-portal/shared/leave';
import { addDays } from '@staff-portal/shared/iso-dates';
import { countLeaveDays, isWorkingDay, referenceTimestamp } from '@staff-portal/shared/leave-rules';
import type { Db, Transaction } from '../db/client';
import { leaveAdjustments, leaveEntitlements, leaveRequestEvents, leaveRequests } from '../db/schema/leave';
import { publicHolidays, staff } from '../db/schema/organisation';

/** A tiny but well-formed PDF, standing in for a scanned medical certificate. */
export const DEMO_CERTIFICATE = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

interface Template {
  /** Weeks from today to the first day (negative: in the past). */
  weeks: number;
  leaveTypeId: string;
  /** Working days to take; 0.5 with a half-day type. */
  days: number;
  dayType?: DayType;
  reason: string;
  /** The path of statuses after submission (PENDING). */
  path: { to: LeaveStatus; by: 'applicant' | 'approver' | 'admin'; remarks?: string }[];
  attachment?: boolean;
  /** Only for these staff (1-based demo staff numbers); all when absent. */
  only?: number[];
}

/**
 * One year of a staff member's leave, from about nine months back to two months ahead, so every
 * status of seed §4 shows on the demo's screens: decided requests in the past, pending ones and
 * cancellation requests ahead. Annual leave stays within the smallest entitlement (8 days).
 */
const templates: Template[] = [
  {
    weeks: -40,
    leaveTypeId: 'LVE0001',
    days: 2,
    reason: 'Family holiday in Penang',
    path: [{ to: 1, by: 'approver', remarks: 'Approved. Enjoy!' }],
  },
  {
    weeks: -30,
    leaveTypeId: 'LVE0002',
    days: 1,
    reason: 'Fever',
    attachment: true,
    path: [{ to: 1, by: 'approver', remarks: 'Get well soon.' }],
  },
  {
    weeks: -22,
    leaveTypeId: 'LVE0001',
    days: 2,
    reason: 'Personal matters',
    path: [{ to: 2, by: 'approver', remarks: 'Clashes with the half-year audit; please pick other dates.' }],
  },
  {
    weeks: -16,
    leaveTypeId: 'LVE0001',
    days: 1,
    reason: "Child's school event",
    path: [{ to: 3, by: 'applicant', remarks: 'Event postponed.' }],
  },
  {
    weeks: -8,
    leaveTypeId: 'LVE0001',
    days: 0.5,
    dayType: 1,
    reason: 'Car service',
    path: [{ to: 1, by: 'approver' }],
  },
  {
    weeks: -3,
    leaveTypeId: 'LVE0006',
    days: 1,
    reason: 'Funeral of a relative',
    path: [{ to: 1, by: 'approver', remarks: 'Our condolences.' }],
  },
  {
    weeks: 3,
    leaveTypeId: 'LVE0001',
    days: 2,
    reason: 'Trip to Melaka',
    path: [
      { to: 1, by: 'approver' },
      { to: 4, by: 'applicant', remarks: 'Trip cancelled by the tour operator.' },
    ],
  },
  { weeks: 5, leaveTypeId: 'LVE0001', days: 2, reason: 'Hari Raya preparations', path: [] },
  { weeks: 9, leaveTypeId: 'LVE0001', days: 1, reason: 'Moving house', path: [{ to: 1, by: 'approver' }] },
  {
    weeks: 2,
    leaveTypeId: 'LVE0008',
    days: 1,
    reason: 'Burst water pipe at home',
    only: [7],
    path: [
      { to: 1, by: 'approver' },
      { to: 5, by: 'admin', remarks: 'Staff member called in: the plumber came on the weekend.' },
    ],
  },
];

/** Six digits that are the same on every run for the same request, so seeding twice adds nothing. */
function stableDigits(key: string): string {
  return String(createHash('sha256').update(key).digest().readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

/**
 * Seeds the demo staff's leave: requests in every status with their full transition history,
 * carried-forward days and an adjustment. Idempotent: requests have fixed ids for the same day
 * of seeding and are inserted only once.
 */
export async function seedDemoLeave(db: Db | Transaction, options: { today?: Date } = {}) {
  const now = options.today ?? new Date();
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: DEFAULT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  const year = Number(today.slice(0, 4));
  await db.transaction(async (tx) => {
    const people = await tx.select().from(staff).orderBy(staff.staffId);
    if (people.length === 0) return;
    const byId = new Map(people.map((p) => [p.staffId, p]));
    const holidays = new Set((await tx.select({ date: publicHolidays.date }).from(publicHolidays)).map((h) => h.date));
    // The HR admin decides for staff without an approver (the top of the tree), as ADMIN may.
    const hrAdmin = people.find((p) => p.departmentCode === 'HRAdmin') ?? people[0]!;

    for (const [index, person] of people.entries()) {
      const number = Number(person.staffId.slice(5));
      const decider = byId.get(person.approverStaffId ?? '') ?? hrAdmin;
      for (const [t, template] of templates.entries()) {
        if (template.only && !template.only.includes(number)) continue;
        // Staff are staggered by a day each, so departments see some overlap but not all.
        let start = addDays(today, template.weeks * 7 + index);
        while (!isWorkingDay(start, person.workingDaysMask, holidays)) start = addDays(start, 1);
        let end = start;
        const dayType = template.dayType ?? 0;
        if (dayType === 0) {
          while (
            countLeaveDays({
              startDate: start,
              endDate: end,
              dayType: 0,
              workingDaysMask: person.workingDaysMask,
              holidays,
            }) < template.days
          ) {
            end = addDays(end, 1);
          }
        }
        const days = countLeaveDays({
          startDate: start,
          endDate: end,
          dayType,
          workingDaysMask: person.workingDaysMask,
          holidays,
        });
        // Submitted two weeks before the first day (or on it, for sudden leave), 09:00 in Kuala Lumpur.
        const lead = template.leaveTypeId === 'LVE0002' || template.leaveTypeId === 'LVE0008' ? 0 : 14;
        const submittedAt = new Date(Date.parse(`${addDays(start, -lead)}T01:00:00Z`));
        const referenceId = `LV${referenceTimestamp(submittedAt)}${stableDigits(`${person.staffId}|${t}|${start}`)}`;
        const steps = template.path.map((step, i) => ({
          ...step,
          at: new Date(submittedAt.getTime() + (i + 1) * 26 * 3_600_000),
        }));
        const last = steps.at(-1);
        const inserted = await tx
          .insert(leaveRequests)
          .values({
            referenceId,
            staffId: person.staffId,
            leaveTypeId: template.leaveTypeId,
            startDate: start,
            endDate: end,
            dayType,
            days,
            reason: template.reason,
            status: last?.to ?? LEAVE_STATUS.PENDING,
            approverStaffId: person.approverStaffId,
            remarks: last?.remarks ?? null,
            ...(template.attachment
              ? {
                  attachment: DEMO_CERTIFICATE,
                  attachmentName: 'medical-certificate.pdf',
                  attachmentMime: 'application/pdf',
                  attachmentSize: DEMO_CERTIFICATE.length,
                }
              : {}),
            createdAt: submittedAt,
            updatedAt: last?.at ?? submittedAt,
          })
          .onConflictDoNothing()
          .returning({ referenceId: leaveRequests.referenceId });
        if (inserted.length === 0) continue;
        let from: number = LEAVE_STATUS.PENDING;
        const events: (typeof leaveRequestEvents.$inferInsert)[] = [
          {
            referenceId,
            fromStatus: null,
            toStatus: LEAVE_STATUS.PENDING,
            actorStaffId: person.staffId,
            actorName: person.displayName,
            remarks: template.reason,
            at: submittedAt,
          },
        ];
        for (const step of steps) {
          const actor = step.by === 'applicant' ? person : step.by === 'admin' ? hrAdmin : decider;
          events.push({
            referenceId,
            fromStatus: from,
            toStatus: step.to,
            actorStaffId: actor.staffId,
            actorName: actor.displayName,
            remarks: step.remarks ?? null,
            at: step.at,
          });
          from = step.to;
        }
        await tx.insert(leaveRequestEvents).values(events);
      }
    }

    // Carried forward from last year for the longest-serving staff, expiring at the end of March.
    const veterans = people.filter((p) => p.joinDate < `${year - 5}-01-01`).map((p) => p.staffId);
    if (veterans.length > 0) {
      await tx
        .insert(leaveEntitlements)
        .values(
          veterans.map((staffId) => ({
            staffId,
            year,
            leaveTypeId: 'LVE0001',
            carried: 3,
            carriedExpiresOn: `${year}-03-31`,
          })),
        )
        .onConflictDoNothing();
    }
    // One replacement-leave credit for weekend work, recorded once.
    const [first] = people;
    const existing = await tx
      .select({ id: leaveAdjustments.id })
      .from(leaveAdjustments)
      .where(inArray(leaveAdjustments.staffId, [first!.staffId]));
    if (existing.length === 0) {
      await tx.insert(leaveAdjustments).values({
        staffId: first!.staffId,
        year,
        leaveTypeId: 'LVE0016',
        days: 1,
        reason: 'Worked on Saturday for the annual general meeting',
        createdBy: 'demo-seed',
      });
    }
  });
}
