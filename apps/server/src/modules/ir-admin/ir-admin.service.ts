import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  checkMemberRows,
  emptyAgeing,
  encodingWarnings,
  MEMBER_CSV_COLUMNS,
  type ImportLine,
  type ImportMode,
  type MemberCsvRow,
  type MemberImportPreview,
  type MemberInputOutput,
  type RowProblem,
  type Workload,
} from '@staff-portal/shared/ir-admin';
import { AppError, forbidden } from '@staff-portal/shared/errors';
import { memberIdentityFor, seesFullNric } from '@staff-portal/shared/ir-rules';
import { csvLine } from '@staff-portal/shared/spreadsheet-cells';
import type { TokenUser } from '../../auth/token-verifier';
import { createClock } from '../../clock';
import type { Database, Queryable } from '../../db/client';
import type { IdentityAdmin } from '../../identity/identity-admin';
import { recordAuditBy, type AuditActor, auditedStream } from '../audit/audit.public';
import { accountName, officerAccounts } from '../ir/ir.public';
import { membersAfter, membersHolding, openCaseAges, upsertMembers } from './ir-admin.repository';

export interface IrAdminOptions {
  database: Database;
  identityAdmin: IdentityAdmin;
  timeZone: string;
  /** Members an import writes per statement, and per progress line (IR_IMPORT_BATCH_SIZE); IMPORT_BATCH unset. */
  importBatch?: number;
}

/** The departments whose accounts are officers (docs/product/ir.md §2). */
/** Members a multi-row INSERT writes: 14 parameters each, well under PostgreSQL's 65,535. */
export const IMPORT_BATCH = 2000;
/** Members the existence check and the export read at a time. */
export const READ_BATCH = 5000;

type Checked = {
  valid: { line: number; member: MemberInputOutput }[];
  problems: RowProblem[];
  updateLines: number[];
};

const chunks = <T>(items: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/**
 * The IR admin functions (docs/product/screens.md §12, decision record 0045): the workload and
 * ageing of open cases, and members imported from and exported to CSV.
 */
export function createIrAdminService(options: IrAdminOptions, log: FastifyBaseLogger) {
  const { db } = options.database;
  const clock = createClock(options.timeZone);
  const batch = options.importBatch ?? IMPORT_BATCH;

  /**
   * The rows judged on their own (checkMemberRows) and against the members in the database: an
   * NRIC held by another member refuses the row; an existing member no makes it an update.
   */
  async function check(tx: Queryable, rows: readonly MemberCsvRow[]): Promise<Checked> {
    const { valid, problems } = checkMemberRows(rows);
    const byNo = new Map<string, string>();
    const byNric = new Map<string, string>();
    for (const part of chunks(valid, READ_BATCH)) {
      const found = await membersHolding(
        tx,
        part.map((row) => row.member.memberNo),
        part.map((row) => row.member.nric),
      );
      for (const member of found) {
        byNo.set(member.memberNo, member.nric);
        byNric.set(member.nric, member.memberNo);
      }
    }
    const accepted: Checked['valid'] = [];
    const updateLines: number[] = [];
    for (const row of valid) {
      const holder = byNric.get(row.member.nric);
      if (holder !== undefined && holder !== row.member.memberNo) {
        problems.push({
          line: row.line,
          field: 'nric',
          message: `belongs to member ${holder}`,
          reason: 'nricTaken',
          params: { memberNo: holder },
        });
        continue;
      }
      if (byNo.has(row.member.memberNo)) updateLines.push(row.line);
      accepted.push(row);
    }
    problems.sort((a, b) => a.line - b.line);
    return { valid: accepted, problems, updateLines };
  }

  /**
   * An import checks each row's NRIC against every member's and says which member holds it: to one
   * who sees NRICs masked (ITAdmin, though it passes the IRAdmin check) that would tell which
   * NRICs are members', so the import is the IR departments' (docs/product/ir.md §1).
   */
  function refuseMasked(user: TokenUser) {
    if (!seesFullNric(user.groups)) {
      throw forbidden(
        'Importing members checks NRICs against every member’s: it needs IRAdmin, whose department sees NRICs in full.',
      );
    }
  }

  return {
    /** Open cases per officer and their ages (docs/product/screens.md §12), and the unassigned ones. */
    async workload(): Promise<Workload> {
      const asOf = clock.today();
      const [accounts, rows] = await Promise.all([officerAccounts(options.identityAdmin), openCaseAges(db, asOf)]);
      const ageingOf = (row: (typeof rows)[number]) => ({
        '0-30': row.a30,
        '31-60': row.a60,
        '61-90': row.a90,
        '90+': row.older,
      });
      const officers = new Map<string, Workload['officers'][number]>();
      for (const account of accounts) {
        officers.set(account.username, {
          id: account.username,
          name: accountName(account),
          open: 0,
          ageing: emptyAgeing(),
        });
      }
      let unassigned: Workload['unassigned'] = { open: 0, ageing: emptyAgeing() };
      for (const row of rows) {
        if (row.officerId === null) {
          unassigned = { open: row.open, ageing: ageingOf(row) };
          continue;
        }
        const known = officers.get(row.officerId);
        officers.set(row.officerId, {
          id: row.officerId,
          name: known?.name ?? row.officerName ?? row.officerId,
          open: row.open,
          ageing: ageingOf(row),
        });
      }
      return {
        officers: [...officers.values()].sort((a, b) => b.open - a.open || a.name.localeCompare(b.name, 'en')),
        unassigned,
        asOf,
      };
    },

    async preview(user: TokenUser, rows: readonly MemberCsvRow[]): Promise<MemberImportPreview> {
      refuseMasked(user);
      const checked = await check(db, rows);
      return {
        total: rows.length,
        valid: checked.valid.length,
        creates: checked.valid.length - checked.updateLines.length,
        updates: checked.updateLines.length,
        updateLines: checked.updateLines,
        problems: checked.problems,
        encodingWarnings: encodingWarnings(rows),
      };
    },

    /**
     * Imports in one transaction (decision record 0045): the rows are checked again inside it, and
     * written by multi-row `INSERT … ON CONFLICT (member_no) DO UPDATE`; a failure anywhere rolls
     * every row back. With `all`, a single problem refuses the file before anything is written.
     * `progress` hears after the check and after each batch, and the import goes on once it has
     * settled: the caller sends the line on its way first (decision record 0076).
     */
    async import(
      actor: AuditActor,
      mode: ImportMode,
      rows: readonly MemberCsvRow[],
      progress: (line: ImportLine) => Promise<void>,
    ): Promise<Extract<ImportLine, { type: 'done' }>> {
      refuseMasked(actor.user);
      const started = performance.now();
      const result = await db.transaction(async (tx) => {
        const checked = await check(tx, rows);
        if (mode === 'all' && checked.problems.length > 0) {
          throw new AppError('CONFLICT', `${checked.problems.length} problem(s) in the file: nothing was imported.`, {
            detail: { reason: 'importHasProblems', params: { problems: checked.problems.length } },
          });
        }
        let created = 0;
        let updated = 0;
        let done = 0;
        const total = checked.valid.length;
        await progress({ type: 'progress', done, total });
        for (const part of chunks(checked.valid, batch)) {
          const written = await upsertMembers(
            tx,
            part.map(({ member }) => member),
          );
          for (const row of written) {
            if (row.inserted) created += 1;
            else updated += 1;
          }
          done += part.length;
          await progress({ type: 'progress', done, total });
        }
        const refused = rows.length - total;
        await recordAuditBy(tx, actor, {
          area: 'ir',
          action: 'member.import',
          target: null,
          targetLabel: `${rows.length} rows`,
          after: { mode, rows: rows.length, created, updated, refused },
        });
        return { type: 'done' as const, created, updated, refused, problems: checked.problems };
      });
      log.info(
        {
          rows: rows.length,
          created: result.created,
          updated: result.updated,
          ms: Math.round(performance.now() - started),
        },
        'IR members imported',
      );
      return result;
    },

    /**
     * Every member as CSV in MEMBER_CSV_COLUMNS order, read by member no a batch at a time;
     * audited when the download ends (docs/product/files-mail-logs.md §2). The NRIC and the date
     * of birth go through the member mask (docs/product/ir.md §1): one who sees NRICs masked gets
     * them masked and left out, a file that cannot be imported back.
     */
    exportMembers(actor: AuditActor): Readable {
      const { groups } = actor.user;
      return auditedStream(
        db,
        actor,
        {
          area: 'ir',
          action: 'member.export',
          fileName: 'members.csv',
          filters: {},
          details: { nric: seesFullNric(groups) ? 'full' : 'masked' },
        },
        async function* (counted) {
          yield `\uFEFF${csvLine(MEMBER_CSV_COLUMNS)}`;
          let after: string | undefined;
          for (;;) {
            const batch = await membersAfter(db, after, READ_BATCH);
            if (batch.length === 0) return;
            const lines = batch
              .map((member) => {
                const shown = { ...member, ...memberIdentityFor(member, groups) };
                return csvLine(MEMBER_CSV_COLUMNS.map((column) => shown[column]));
              })
              .join('');
            // Counted before it is handed on: a download cut off after it still counts it.
            counted(batch.length);
            yield lines;
            after = batch.at(-1)!.memberNo;
            if (batch.length < READ_BATCH) return;
          }
        },
      );
    },
  };
}

export type IrAdminService = ReturnType<typeof createIrAdminService>;
