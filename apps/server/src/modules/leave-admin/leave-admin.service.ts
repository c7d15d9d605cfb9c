import { conflict, notFound, validationError } from '@staff-portal/shared/errors';
import type { ApplyLeaveInput, LeaveRequest } from '@staff-portal/shared/leave';
import { balanceDateOf, carryForwardDays, entitlementDateOf } from '@staff-portal/shared/leave-rules';
import type {
  AdjustmentInput,
  AdminLeaveType,
  CarryForwardPreview,
  CarryForwardRow,
  CarryForwardRun,
  EntitlementInput,
  HolidayInput,
  LeaveTypeInput,
  MalaysianState,
  StaffBalances,
  UtilisationReport,
} from '@staff-portal/shared/leave-admin';
import type { Clock } from '../../clock';
import type { Database, Queryable } from '../../db/client';
import { holidaysFor } from '../../seed/demo-organisation';
import { recordAuditBy, type AuditActor, type AuditRecord, recordExport } from '../audit/audit.public';
import {
  entitlementRows,
  balancesOf,
  balancesOfMany,
  type LeaveRequestService,
  findLeaveType,
  holidaysBetween,
  listLeaveTypes,
  myRequests,
  type LeaveTypeRow,
} from '../leave/leave.public';
import { activeStaff, type StaffRecordService } from '../staff-records/staff-records.public';
import {
  activeRunFor,
  adjustmentsOf,
  carryForwardRules,
  deleteEntitlement,
  deleteHoliday,
  entitlementRow,
  findHoliday,
  findRunForUpdate,
  insertAdjustment,
  insertHoliday,
  insertRun,
  insertRunItems,
  listRuns,
  lockCarryForward,
  lockLeaveTypes,
  markReversed,
  runItems,
  updateLeaveType,
  upsertEntitlement,
  upsertHolidays,
  utilisation,
} from './leave-admin.repository';
import { ENGLISH_HEADINGS, MALAY_HEADINGS, utilisationCsv, utilisationWorkbook } from './utilisation-xlsx';

/**
 * An allowance may include one other type's days, one level deep (docs/product/leave.md:
 * hospitalisation inclusive of sick leave): not its own, not a type that includes another or is
 * already included elsewhere, and not when this type is itself included in another.
 */
function checkInclusion(id: string, includesDaysOf: string | null, types: readonly LeaveTypeRow[]) {
  if (includesDaysOf === null) return;
  const field = 'includesDaysOf';
  const name = (typeId: string) => types.find((t) => t.id === typeId)?.name ?? typeId;
  if (includesDaysOf === id)
    throw validationError('A leave type cannot include its own days.', field, 'includesItself');
  const included = types.find((t) => t.id === includesDaysOf);
  if (!included) {
    throw validationError(`There is no leave type ${includesDaysOf}.`, field, 'noSuchLeaveType', {
      id: includesDaysOf,
    });
  }
  if (included.includesDaysOf !== null) {
    throw validationError(
      `${included.name} already includes the days of ${name(included.includesDaysOf)}; allowances include one level only.`,
      field,
      'includedTypeIncludes',
      { type: included.name, other: name(included.includesDaysOf) },
    );
  }
  const other = types.find((t) => t.id !== id && t.includesDaysOf === includesDaysOf);
  if (other) {
    throw validationError(`${other.name} already includes the days of ${included.name}.`, field, 'alreadyIncluded', {
      type: other.name,
      other: included.name,
    });
  }
  const includer = types.find((t) => t.includesDaysOf === id);
  if (includer) {
    throw validationError(
      `${includer.name} includes this type's days, so this type cannot include another's; allowances include one level only.`,
      field,
      'typeIsIncluded',
      { type: includer.name },
    );
  }
}

/** Who an admin action is recorded as: the identity `sub`, as leave_adjustments.created_by already is. */
const actorOf = ({ user }: AuditActor) => user.sub;

/** The audit trail's area for E-Leave administration (decision record 0038). */
export const LEAVE_ADMIN_AUDIT_AREA = 'leave-admin';

/** Records an admin change in the audit trail, in the change's transaction. */
const audit = (
  tx: Queryable,
  actor: AuditActor,
  entry: Omit<AuditRecord, 'actorId' | 'actorEmail' | 'requestId' | 'area'>,
) => recordAuditBy(tx, actor, { area: LEAVE_ADMIN_AUDIT_AREA, ...entry });

/** An entitlement row as the audit trail keeps it (null: there was none). */
const entitlementState = (row: Awaited<ReturnType<typeof entitlementRow>>) =>
  row === undefined ? null : { entitled: row.entitled, carried: row.carried, carriedExpiresOn: row.carriedExpiresOn };

/** A leave type and its carry-forward rule as the audit trail keeps them. */
async function leaveTypeState(q: Queryable, id: string) {
  const { id: _id, sortOrder: _order, ...type } = (await findLeaveType(q, id))!;
  const rule = (await carryForwardRules(q)).find((r) => r.leaveTypeId === id);
  return { ...type, carryForwardCap: rule?.cap ?? null, carryForwardExpiry: rule?.expiry ?? null };
}

const round1 = (days: number) => Math.round(days * 10) / 10;

const holidayTarget = (date: string, region: string) => `holiday:${region}:${date}`;
const holidayLabel = (h: { date: string; region: string; name: string }) => `${h.name} (${h.date}, ${h.region})`;

export interface LeaveAdminServiceOptions {
  database: Database;
  clock: Clock;
  staffRecords: StaffRecordService;
  requests: LeaveRequestService;
}

/**
 * E-Leave administration (docs/product/screens.md: LeaveAdminPage, UpdateLeaveUserPage;
 * docs/product/leave.md): leave types, holidays, a person's entitlements and adjustments,
 * the year-end carry-forward, reports, and applying or cancelling on someone's behalf. Balances
 * come from the balances module and applying and cancelling go through the requests service, so
 * the rules are the same as the staff member's own.
 */
export function createLeaveAdminService({ database, clock, staffRecords, requests }: LeaveAdminServiceOptions) {
  const { db } = database;
  const staffOrNotFound = (staffId: string) => staffRecords.byIdOrNotFound(staffId);

  async function typeOrField(leaveTypeId: string, field: string) {
    const type = await findLeaveType(db, leaveTypeId);
    if (!type)
      throw validationError(`There is no leave type ${leaveTypeId}.`, field, 'noSuchLeaveType', { id: leaveTypeId });
    return type;
  }

  /** Every active staff member's carry-forward from a year, for types with a cap. */
  async function carryForwardRows(fromYear: number): Promise<CarryForwardRow[]> {
    const rules = (await carryForwardRules(db)).filter((r) => r.cap !== null && Number(r.cap) > 0);
    if (rules.length === 0) return [];
    const byType = new Map(rules.map((r) => [r.leaveTypeId, r]));
    const rows: CarryForwardRow[] = [];
    const people = await activeStaff(db);
    // The year's end: all of its accrual earned, its own carried days judged as at then.
    const balances = await balancesOfMany(db, people, await listLeaveTypes(db), fromYear, entitlementDateOf(fromYear));
    for (const person of people) {
      for (const balance of balances.get(person.staffId)!) {
        const rule = byType.get(balance.leaveTypeId);
        if (!rule) continue;
        const carried = carryForwardDays(balance.available, Number(rule.cap));
        rows.push({
          staffId: person.staffId,
          staffName: person.displayName,
          departmentCode: person.departmentCode,
          leaveTypeId: balance.leaveTypeId,
          leaveTypeName: balance.leaveTypeName,
          available: balance.available,
          carried,
          expiresOn: rule.expiry === null ? null : `${fromYear + 1}-${rule.expiry}`,
        });
      }
    }
    return rows;
  }

  return {
    async balances(staffId: string, year: number): Promise<StaffBalances> {
      const person = await staffOrNotFound(staffId);
      const [balances, rows, adjustments] = await Promise.all([
        listLeaveTypes(db).then((types) =>
          balancesOf(db, person, types, types, year, balanceDateOf(year, clock.today())),
        ),
        entitlementRows(db, [staffId], year),
        adjustmentsOf(db, staffId, year),
      ]);
      const own = new Map(rows.map((r) => [r.leaveTypeId, r]));
      return {
        staffId,
        year,
        balances: balances.map((b) => {
          const row = own.get(b.leaveTypeId);
          return {
            ...b,
            entitledOverride: row?.entitled === null || row?.entitled === undefined ? null : Number(row.entitled),
            carriedForward: Number(row?.carried ?? 0),
            carriedExpiresOn: row?.carriedExpiresOn ?? null,
          };
        }),
        adjustments,
      };
    },

    async setEntitlement(
      actor: AuditActor,
      staffId: string,
      year: number,
      leaveTypeId: string,
      input: EntitlementInput,
    ) {
      const person = await staffOrNotFound(staffId);
      const type = await typeOrField(leaveTypeId, 'leaveTypeId');
      await db.transaction(async (tx) => {
        const before = await entitlementRow(tx, staffId, year, leaveTypeId);
        await upsertEntitlement(
          tx,
          { staffId, year, leaveTypeId },
          input.carried === undefined
            ? { entitled: input.entitled }
            : { entitled: input.entitled, carried: input.carried },
        );
        await audit(tx, actor, {
          action: 'entitlement.set',
          target: staffId,
          targetLabel: `${person.displayName} (${staffId}), ${type.name}, ${year}`,
          before: entitlementState(before),
          after: { year, leaveTypeId, ...entitlementState(await entitlementRow(tx, staffId, year, leaveTypeId)) },
        });
      });
      return this.balances(staffId, year);
    },

    async addAdjustment(actor: AuditActor, staffId: string, input: AdjustmentInput) {
      const person = await staffOrNotFound(staffId);
      const type = await typeOrField(input.leaveTypeId, 'leaveTypeId');
      await db.transaction(async (tx) => {
        await insertAdjustment(tx, {
          staffId,
          year: input.year,
          leaveTypeId: input.leaveTypeId,
          days: input.days,
          reason: input.reason,
          createdBy: actorOf(actor),
        });
        await audit(tx, actor, {
          action: 'adjustment.add',
          target: staffId,
          targetLabel: `${person.displayName} (${staffId}), ${type.name}, ${input.year}`,
          before: null,
          after: { year: input.year, leaveTypeId: input.leaveTypeId, days: input.days, reason: input.reason },
        });
      });
      return this.balances(staffId, input.year);
    },

    async requests(staffId: string, filter: { page: number; pageSize: number; year?: number; status?: number }) {
      await staffOrNotFound(staffId);
      const { items, total } = await myRequests(db, { ...filter, staffId });
      return { items, total, page: filter.page, pageSize: filter.pageSize };
    },

    async applyFor(admin: AuditActor, staffId: string, input: ApplyLeaveInput): Promise<LeaveRequest> {
      const person = await staffOrNotFound(staffId);
      if (!person.active) {
        throw validationError(`The staff record ${staffId} is inactive.`, 'staffId', 'staffInactive', { staffId });
      }
      return requests.apply(admin, input, undefined, person);
    },

    cancelFor: (admin: AuditActor, referenceId: string, remarks: string) =>
      requests.cancelFor(admin, referenceId, remarks),

    async leaveTypes(): Promise<AdminLeaveType[]> {
      const [types, rules] = await Promise.all([requests.leaveTypes(), carryForwardRules(db)]);
      const byType = new Map(rules.map((r) => [r.leaveTypeId, r]));
      return types.map((type) => {
        const rule = byType.get(type.id);
        return {
          ...type,
          carryForwardCap: rule?.cap === null || rule?.cap === undefined ? null : Number(rule.cap),
          carryForwardExpiry: rule?.expiry ?? null,
        };
      });
    },

    async updateLeaveType(actor: AuditActor, id: string, input: LeaveTypeInput): Promise<AdminLeaveType> {
      if (!(await findLeaveType(db, id))) throw notFound(`There is no leave type ${id}.`);
      const { carryForwardCap, carryForwardExpiry, ...values } = input;
      await db.transaction(async (tx) => {
        // Types are read in the transaction that writes, so two edits cannot make a chain between them.
        await lockLeaveTypes(tx);
        checkInclusion(id, values.includesDaysOf, await listLeaveTypes(tx));
        const before = await leaveTypeState(tx, id);
        await updateLeaveType(
          tx,
          id,
          {
            ...values,
            serviceTiers: values.serviceTiers && values.serviceTiers.length > 0 ? values.serviceTiers : null,
          },
          { cap: carryForwardCap, expiry: carryForwardExpiry },
        );
        const after = await leaveTypeState(tx, id);
        await audit(tx, actor, {
          action: 'leave-type.update',
          target: id,
          targetLabel: `${after.name} (${id})`,
          before,
          after,
        });
      });
      return (await this.leaveTypes()).find((t) => t.id === id)!;
    },

    holidays: (year: number) => holidaysBetween(db, `${year}-01-01`, `${year}-12-31`),

    /** Imports one state's public holidays of a year from date-holidays; running it again changes nothing. */
    async importHolidays(actor: AuditActor, year: number, state: MalaysianState) {
      const region = { country: 'MY', state, code: `MY-${state}` };
      const rows = await holidaysFor(year, region);
      await db.transaction(async (tx) => {
        await upsertHolidays(tx, rows);
        await audit(tx, actor, {
          action: 'holiday.import',
          target: `holidays:${region.code}:${year}`,
          targetLabel: `Public holidays of ${year}, ${region.code}`,
          before: null,
          after: { year, region: region.code, imported: rows.length },
        });
      });
      return { imported: rows.length, region: region.code };
    },

    async addHoliday(actor: AuditActor, input: HolidayInput) {
      await db.transaction(async (tx) => {
        if (await findHoliday(tx, input.date, input.region)) {
          throw validationError(
            `There is already a holiday on ${input.date} for ${input.region}.`,
            'date',
            'holidayExists',
            {
              date: input.date,
              region: input.region,
            },
          );
        }
        await insertHoliday(tx, input);
        await audit(tx, actor, {
          action: 'holiday.add',
          target: holidayTarget(input.date, input.region),
          targetLabel: holidayLabel(input),
          before: null,
          after: input,
        });
      });
      return input;
    },

    /** Renames or moves one holiday (its key is its date and region). */
    async updateHoliday(actor: AuditActor, date: string, region: string, input: HolidayInput) {
      await db.transaction(async (tx) => {
        const before = await findHoliday(tx, date, region);
        if (!before) throw notFound(`There is no holiday on ${date} for ${region}.`);
        const moved = input.date !== date || input.region !== region;
        if (moved && (await findHoliday(tx, input.date, input.region))) {
          throw validationError(
            `There is already a holiday on ${input.date} for ${input.region}.`,
            'date',
            'holidayExists',
            {
              date: input.date,
              region: input.region,
            },
          );
        }
        await deleteHoliday(tx, date, region);
        await insertHoliday(tx, input);
        await audit(tx, actor, {
          action: 'holiday.update',
          target: holidayTarget(date, region),
          targetLabel: holidayLabel(before),
          before: { date: before.date, region: before.region, name: before.name },
          after: input,
        });
      });
      return input;
    },

    async deleteHoliday(actor: AuditActor, date: string, region: string) {
      await db.transaction(async (tx) => {
        const before = await findHoliday(tx, date, region);
        if (!before || !(await deleteHoliday(tx, date, region))) {
          throw notFound(`There is no holiday on ${date} for ${region}.`);
        }
        await audit(tx, actor, {
          action: 'holiday.delete',
          target: holidayTarget(date, region),
          targetLabel: holidayLabel(before),
          before: { date: before.date, region: before.region, name: before.name },
          after: null,
        });
      });
    },

    async previewCarryForward(fromYear: number): Promise<CarryForwardPreview> {
      return { fromYear, rows: await carryForwardRows(fromYear) };
    },

    /**
     * Writes each row's carried days and expiry into the next year's entitlement, keeping what
     * was there so the run can be reversed; refused while an earlier run of the year stands.
     */
    async applyCarryForward(admin: AuditActor, fromYear: number): Promise<CarryForwardRun> {
      if (await activeRunFor(db, fromYear)) {
        throw conflict(
          `The carry-forward from ${fromYear} has already been applied. Reverse it first to run it again.`,
        );
      }
      const rows = (await carryForwardRows(fromYear)).filter((r) => r.carried > 0);
      const toYear = fromYear + 1;
      const runId = await db.transaction(async (tx) => {
        await lockCarryForward(tx);
        if (await activeRunFor(tx, fromYear)) {
          throw conflict(`The carry-forward from ${fromYear} has just been applied by someone else.`);
        }
        const id = await insertRun(tx, fromYear, actorOf(admin));
        const items = [];
        for (const row of rows) {
          const before = await entitlementRow(tx, row.staffId, toYear, row.leaveTypeId);
          items.push({
            runId: id,
            staffId: row.staffId,
            leaveTypeId: row.leaveTypeId,
            available: row.available,
            carried: row.carried,
            expiresOn: row.expiresOn,
            hadRow: before !== undefined,
            previousCarried: before === undefined ? null : Number(before.carried),
            previousExpiresOn: before?.carriedExpiresOn ?? null,
          });
          await upsertEntitlement(
            tx,
            { staffId: row.staffId, year: toYear, leaveTypeId: row.leaveTypeId },
            { carried: row.carried, carriedExpiresOn: row.expiresOn },
          );
        }
        await insertRunItems(tx, items);
        await audit(tx, admin, {
          action: 'carry-forward.apply',
          target: `carry-forward:${id}`,
          targetLabel: `Carry-forward from ${fromYear} to ${toYear}`,
          before: null,
          after: {
            runId: id,
            fromYear,
            rows: items.length,
            days: round1(items.reduce((sum, i) => sum + i.carried, 0)),
          },
        });
        return id;
      });
      return (await listRuns(db)).find((run) => run.id === runId)!;
    },

    /** Restores every entitlement a run wrote to what it was before (removing rows the run created). */
    async reverseCarryForward(admin: AuditActor, runId: number): Promise<CarryForwardRun> {
      await db.transaction(async (tx) => {
        await lockCarryForward(tx);
        const run = await findRunForUpdate(tx, runId);
        if (!run) throw notFound(`There is no carry-forward run ${runId}.`);
        if (run.reversedAt !== null) throw conflict(`Carry-forward run ${runId} has already been reversed.`);
        const toYear = run.fromYear + 1;
        const items = await runItems(tx, runId);
        for (const item of items) {
          const key = { staffId: item.staffId, year: toYear, leaveTypeId: item.leaveTypeId };
          const now = await entitlementRow(tx, key.staffId, key.year, key.leaveTypeId);
          if (item.hadRow || (now && now.entitled !== null)) {
            await upsertEntitlement(tx, key, {
              carried: item.previousCarried ?? 0,
              carriedExpiresOn: item.previousExpiresOn,
            });
          } else {
            await deleteEntitlement(tx, key);
          }
        }
        await markReversed(tx, runId, actorOf(admin));
        await audit(tx, admin, {
          action: 'carry-forward.reverse',
          target: `carry-forward:${runId}`,
          targetLabel: `Carry-forward from ${run.fromYear} to ${toYear}`,
          before: { runId, fromYear: run.fromYear, rows: items.length, reversed: false },
          after: { runId, fromYear: run.fromYear, rows: items.length, reversed: true },
        });
      });
      return (await listRuns(db)).find((run) => run.id === runId)!;
    },

    carryForwardRuns: () => listRuns(db),

    async utilisation(year: number): Promise<UtilisationReport> {
      return { year, rows: await utilisation(db, year) };
    },

    /**
     * The utilisation report as a file (decision record 0018) in the caller's language; each
     * download is audited: who, the year and how many rows (docs/product/files-mail-logs.md §2).
     */
    async utilisationFile(actor: AuditActor, year: number, lang: 'en' | 'ms', format: 'xlsx' | 'csv') {
      const report: UtilisationReport = { year, rows: await utilisation(db, year) };
      const headings = lang === 'ms' ? MALAY_HEADINGS : ENGLISH_HEADINGS;
      const file =
        format === 'xlsx'
          ? {
              data: await utilisationWorkbook(report, headings),
              mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            }
          : { data: Buffer.from(utilisationCsv(report, headings)), mime: 'text/csv; charset=utf-8' };
      const name = `leave-utilisation-${year}.${format}`;
      await recordExport(
        db,
        actor,
        { area: LEAVE_ADMIN_AUDIT_AREA, action: 'report.export', fileName: name, filters: { year, lang } },
        report.rows.length,
        true,
      );
      return { ...file, name };
    },
  };
}
