import type { Readable } from 'node:stream';
import { AppError, forbidden, notFound, validationError } from '@staff-portal/shared/errors';
import type {
  AddActionInput,
  CaseDetail,
  CaseSearchPage,
  CloseCaseInput,
  ReopenCaseInput,
  caseCountQuerySchema,
  caseExportQuerySchema,
  caseSearchQuerySchema,
  openCaseInputSchema,
  SearchCount,
} from '@staff-portal/shared/ir';
import { SEARCH_COUNT_CAP } from '@staff-portal/shared/ir';
import {
  ACTION_TYPES,
  CASE_STATUS,
  CONTACT_METHODS,
  CASE_STATUS_LABELS,
  caseDateProblem,
  maskedNricSearch,
  type CaseStatus,
  type ContactMethod,
} from '@staff-portal/shared/ir-rules';
import type { z } from 'zod';
import { csvLine } from '@staff-portal/shared/spreadsheet-cells';
import { tokenUserName, type TokenUser } from '../../auth/token-verifier';
import type { Clock } from '../../clock';
import type { Database, Transaction } from '../../db/client';
import { checkAttachment, type Attachment } from '../../files/attachments';
import { recordAuditBy, type AuditActor, auditedStream, givenFilters } from '../audit/audit.public';
import { deliverAfterCommit, queueMail, type Mailer } from '../../mail/outbox-mail';
import {
  actionsOf,
  appendToSearch,
  countCases,
  eventsOf,
  attachmentOf,
  findCase,
  findCategory,
  insertAction,
  insertAttachments,
  insertCase,
  insertEvent,
  keyOf,
  listCategories,
  lockCase,
  nextCaseNo,
  searchCases,
  summaryOf,
  updateCase,
  type CaseFilter,
  type CaseKey,
  type CaseRow,
} from './ir-cases.repository';
import { findMember } from './ir-members.repository';
import { accountName, OFFICER_GROUPS, type IrOfficerService } from './ir-officers.service';
import { countAnswer, searchesByNric } from './ir-search';
import { officerMail } from './ir.mail';

const AREA = 'ir';
/** How many rows the CSV export reads at a time. */
export const EXPORT_BATCH = 1000;

/** Whether the caller has IR's admin functions: IRAdmin, or ITAdmin by the group check (docs/product/access.md §2). */
export type AllowsIrAdmin = (user: TokenUser) => boolean;

/** What the audit trail keeps of a case (decision record 0038): its state, not its texts' history. */
function caseState(row: CaseRow) {
  return {
    status: row.status,
    officerId: row.officerId,
    officerName: row.officerName,
    closedOn: row.closedOn,
    outcome: row.outcome,
  };
}

export const CASE_CSV_HEADER = [
  'Case no',
  'Member no',
  'Member name',
  'Subject',
  'Category',
  'Contact method',
  'Status',
  'Officer',
  'Opened on',
  'Closed on',
];

export interface IrCaseServiceOptions {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  officers: IrOfficerService;
  allowsIrAdmin: AllowsIrAdmin;
}

/**
 * Grievance cases (docs/product/ir.md §2–§3, docs/product/screens.md §11): searched, counted and
 * exported, opened, with their actions, closed, reopened and reassigned, and the categories they
 * are filed under. Every write is one transaction with its audit entry (area `ir`, decision
 * record 0038); finer rules than the IR guard (IRAdmin for reassigning and reopening) are checked
 * here on every call.
 */
export function createIrCaseService({ database, clock, mailer, officers, allowsIrAdmin }: IrCaseServiceOptions) {
  const { db } = database;

  async function caseOrNotFound(tx: Transaction, caseNo: string): Promise<CaseRow> {
    const row = await lockCase(tx, caseNo);
    if (!row) throw notFound(`There is no grievance case ${caseNo}.`);
    return row;
  }

  const refuseClosed = (row: CaseRow) => {
    if (row.status === CASE_STATUS.CASE_CLOSED) {
      throw new AppError('CONFLICT', `Case ${row.caseNo} is closed: reopen it first.`, {
        detail: { reason: 'caseClosed', params: { caseNo: row.caseNo } },
      });
    }
  };

  /** An action's or a closing's date: between the case's opening and today (docs/product/ir.md §2). */
  const notBeforeOpening = (row: CaseRow, date: string, field: string) => {
    const problem = caseDateProblem(date, row.openedOn, clock.today());
    if (problem === null) return;
    const message =
      problem.reason === 'dateAfterToday'
        ? `${field}: must not be after today`
        : `${field}: must not be before the case was opened (${row.openedOn})`;
    throw validationError(message, field, problem.reason, problem.params);
  };

  async function detail(user: TokenUser, caseNo: string): Promise<CaseDetail> {
    const found = await findCase(db, caseNo);
    if (!found) throw notFound(`There is no grievance case ${caseNo}.`);
    const { case: row, ...summary } = found;
    return {
      case: {
        ...summaryOf(summary),
        description: row.description,
        outcome: row.outcome,
        openedById: row.openedById,
        openedByName: row.openedByName,
        updatedAt: row.updatedAt.toISOString(),
      },
      actions: await actionsOf(db, caseNo),
      events: await eventsOf(db, caseNo),
      canAdminister: allowsIrAdmin(user),
    };
  }

  async function caseFilterOf(user: TokenUser, query: z.output<typeof caseExportQuerySchema>): Promise<CaseFilter> {
    return { ...query, memberByNric: await searchesByNric(db, user, query.member, 'member') };
  }

  return {
    async searchCases(user: TokenUser, query: z.output<typeof caseSearchQuerySchema>): Promise<CaseSearchPage> {
      const rows = await searchCases(db, await caseFilterOf(user, query), {
        limit: query.pageSize + 1,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: rows.slice(0, query.pageSize).map(summaryOf),
        page: query.page,
        pageSize: query.pageSize,
        hasMore: rows.length > query.pageSize,
      };
    },

    /** How many cases the search finds (docs/product/screens.md §11), up to SEARCH_COUNT_CAP. */
    async countCases(user: TokenUser, query: z.output<typeof caseCountQuerySchema>): Promise<SearchCount> {
      const memberByNric = await searchesByNric(db, user, query.member, 'member');
      return countAnswer(await countCases(db, { ...query, memberByNric }, SEARCH_COUNT_CAP));
    },

    /**
     * Every case the filters match, as CSV lines, read a batch at a time (keyset) as it is sent;
     * audited when the download ends (docs/product/files-mail-logs.md §2).
     */
    async exportCases(actor: AuditActor, query: z.output<typeof caseExportQuerySchema>): Promise<Readable> {
      const filter = await caseFilterOf(actor.user, query);
      return auditedStream(
        db,
        actor,
        {
          area: AREA,
          action: 'case.export',
          fileName: 'grievances.csv',
          // IT admins read the trail: a member filter by NRIC is kept masked (docs/product/ir.md §1).
          filters: givenFilters({ ...query, member: query.member && (maskedNricSearch(query.member) ?? query.member) }),
        },
        async function* (counted) {
          yield `\uFEFF${csvLine(CASE_CSV_HEADER)}`;
          let after: CaseKey | undefined;
          for (;;) {
            const rows = await searchCases(db, filter, { limit: EXPORT_BATCH, after });
            if (rows.length === 0) return;
            const lines = rows
              .map((row) =>
                csvLine([
                  row.caseNo,
                  row.memberNo,
                  row.memberName,
                  row.subject,
                  row.categoryName,
                  CONTACT_METHODS[row.contactMethod as ContactMethod] ?? String(row.contactMethod),
                  CASE_STATUS_LABELS[row.status as CaseStatus] ?? String(row.status),
                  row.officerName,
                  row.openedOn,
                  row.closedOn,
                ]),
              )
              .join('');
            // Counted before it is handed on: a download cut off after it still counts it.
            counted(rows.length);
            yield lines;
            if (rows.length < EXPORT_BATCH) return;
            after = keyOf(rows.at(-1)!, filter.sort);
          }
        },
      );
    },

    caseDetail: detail,

    /** Opens a case and writes its Initial Case Fact (docs/product/ir.md §2), numbered per decision record 0043. */
    async openCase(actor: AuditActor, input: z.output<typeof openCaseInputSchema>) {
      const { user } = actor;
      const today = clock.today();
      const openedOn = input.openedOn ?? today;
      if (openedOn > today) {
        throw validationError('openedOn: must not be after today', 'openedOn', 'dateAfterToday');
      }
      // The officer: the caller when they are one, unless an IR admin names another.
      const isOfficer = OFFICER_GROUPS.some((group) => user.groups.includes(group));
      let officerId = input.officerId;
      if (officerId !== undefined && officerId !== user.sub && !allowsIrAdmin(user)) {
        throw forbidden('Only an IR administrator can put another officer in charge of a case.');
      }
      if (officerId === undefined) {
        if (!isOfficer) {
          throw validationError(
            'officerId: is required, as you are not an officer of the IR departments',
            'officerId',
            'required',
          );
        }
        officerId = user.sub;
      }
      // An officer taking their own case is one by their token; their account gives the name.
      const self = officerId === user.sub && isOfficer;
      const officer = self
        ? (await officers.accounts()).find((account) => account.username === user.sub)
        : await officers.officerOrRefuse(officerId);
      const officerName = officer ? accountName(officer) : tokenUserName(user);
      const authorName = tokenUserName(user);

      const { caseNo, mails } = await db.transaction(async (tx) => {
        const member = await findMember(tx, input.memberNo);
        if (!member) {
          throw validationError(`memberNo: there is no member ${input.memberNo}`, 'memberNo', 'noSuchMember', {
            memberNo: input.memberNo,
          });
        }
        const category = await findCategory(tx, input.categoryId);
        if (!category) {
          throw validationError('categoryId: there is no such category', 'categoryId', 'noSuchCategory');
        }
        if (!category.active) {
          throw validationError(`categoryId: ${category.name} is no longer in use`, 'categoryId', 'categoryInactive', {
            name: category.name,
          });
        }
        const year = Number(openedOn.slice(0, 4));
        const { caseNo, sequence } = await nextCaseNo(tx, year);
        await insertCase(tx, {
          caseNo,
          year,
          sequence,
          memberNo: member.memberNo,
          memberName: member.name,
          subject: input.subject,
          categoryId: category.id,
          description: input.description,
          contactMethod: input.contactMethod,
          status: CASE_STATUS.PENDING,
          officerId,
          officerName,
          openedById: user.sub,
          openedByName: authorName,
          openedOn,
        });
        await insertAction(tx, {
          caseNo,
          type: 0,
          date: openedOn,
          text: input.description,
          authorId: user.sub,
          authorName,
        });
        await recordAuditBy(tx, actor, {
          area: AREA,
          action: 'case.open',
          target: caseNo,
          targetLabel: `${caseNo} ${member.name}`,
          after: {
            memberNo: member.memberNo,
            subject: input.subject,
            categoryId: category.id,
            contactMethod: input.contactMethod,
            status: CASE_STATUS.PENDING,
            officerId,
            openedOn,
          },
        });
        const mails =
          officer && officer.username !== user.sub
            ? await queueMail(
                tx,
                [officerMail(caseNo, input.subject, member.name, officer.email, mailer.publicUrl)],
                Boolean(mailer.sendEmail),
              )
            : [];
        return { caseNo, mails };
      });
      void deliverAfterCommit(db, mails, mailer);
      return detail(user, caseNo);
    },

    /** Adds an action with up to five files, checked by content (docs/product/files-mail-logs.md §1). */
    async addAction(actor: AuditActor, caseNo: string, input: AddActionInput & { type: number }, files: Attachment[]) {
      const checked = files.map((file) => checkAttachment(file, 'attachments'));
      await db.transaction(async (tx) => {
        const row = await caseOrNotFound(tx, caseNo);
        refuseClosed(row);
        notBeforeOpening(row, input.date, 'date');
        const actionId = await insertAction(tx, {
          caseNo,
          type: input.type,
          date: input.date,
          text: input.text,
          authorId: actor.user.sub,
          authorName: tokenUserName(actor.user),
        });
        await insertAttachments(
          tx,
          checked.map((file) => ({
            actionId,
            caseNo,
            fileName: file.name,
            contentType: file.mime,
            size: file.size,
            data: file.data,
          })),
        );
        await appendToSearch(tx, caseNo, input.text);
        await recordAuditBy(tx, actor, {
          area: AREA,
          action: 'case.action',
          target: caseNo,
          targetLabel: `${caseNo} ${row.memberName}`,
          after: {
            actionId,
            type: input.type,
            typeName: ACTION_TYPES[input.type as keyof typeof ACTION_TYPES],
            date: input.date,
            attachments: checked.map((file) => file.name),
          },
        });
      });
      return detail(actor.user, caseNo);
    },

    async attachment(caseNo: string, id: string) {
      const file = await attachmentOf(db, caseNo, id);
      if (!file) throw notFound(`Case ${caseNo} has no attachment ${id}.`);
      return { data: file.data, name: file.fileName, mime: file.contentType };
    },

    async closeCase(actor: AuditActor, caseNo: string, input: CloseCaseInput) {
      await db.transaction(async (tx) => {
        const row = await caseOrNotFound(tx, caseNo);
        refuseClosed(row);
        const closedOn = input.closedOn ?? clock.today();
        notBeforeOpening(row, closedOn, 'closedOn');
        const after = await updateCase(tx, caseNo, {
          status: CASE_STATUS.CASE_CLOSED,
          closedOn,
          outcome: input.outcome,
        });
        // docs/product/ir.md §3: the closing stays on the timeline whatever happens to the case later.
        await insertEvent(tx, {
          caseNo,
          kind: 'closed',
          date: closedOn,
          text: input.outcome,
          actorId: actor.user.sub,
          actorName: tokenUserName(actor.user),
        });
        await recordAuditBy(tx, actor, {
          area: AREA,
          action: 'case.close',
          target: caseNo,
          targetLabel: `${caseNo} ${row.memberName}`,
          before: caseState(row),
          after: caseState(after),
        });
      });
      return detail(actor.user, caseNo);
    },

    /** IRAdmin: a closed case is pending again; the reopening and its reason go on its timeline. */
    async reopenCase(actor: AuditActor, caseNo: string, input: ReopenCaseInput) {
      await db.transaction(async (tx) => {
        const row = await caseOrNotFound(tx, caseNo);
        if (row.status !== CASE_STATUS.CASE_CLOSED) {
          throw new AppError('CONFLICT', `Case ${caseNo} is not closed.`, {
            detail: { reason: 'caseNotClosed', params: { caseNo } },
          });
        }
        const after = await updateCase(tx, caseNo, { status: CASE_STATUS.PENDING, closedOn: null, outcome: null });
        // docs/product/ir.md §3: the case is pending again; the closing it had stays on the timeline.
        await insertEvent(tx, {
          caseNo,
          kind: 'reopened',
          date: clock.today(),
          text: input.reason,
          actorId: actor.user.sub,
          actorName: tokenUserName(actor.user),
        });
        await appendToSearch(tx, caseNo, input.reason);
        await recordAuditBy(tx, actor, {
          area: AREA,
          action: 'case.reopen',
          target: caseNo,
          targetLabel: `${caseNo} ${row.memberName}`,
          before: caseState(row),
          after: { ...caseState(after), reason: input.reason },
        });
      });
      return detail(actor.user, caseNo);
    },

    /** IRAdmin: puts another officer in charge; they are told by e-mail (docs/product/ir.md §2). */
    async assignOfficer(actor: AuditActor, caseNo: string, officerId: string) {
      const officer = await officers.officerOrRefuse(officerId);
      const mails = await db.transaction(async (tx) => {
        const row = await caseOrNotFound(tx, caseNo);
        refuseClosed(row);
        if (row.officerId === officerId) return [];
        const after = await updateCase(tx, caseNo, { officerId, officerName: accountName(officer) });
        await insertEvent(tx, {
          caseNo,
          kind: 'reassigned',
          date: clock.today(),
          fromOfficerId: row.officerId,
          fromOfficerName: row.officerName,
          toOfficerId: officerId,
          toOfficerName: accountName(officer),
          actorId: actor.user.sub,
          actorName: tokenUserName(actor.user),
        });
        await recordAuditBy(tx, actor, {
          area: AREA,
          action: 'case.assign',
          target: caseNo,
          targetLabel: `${caseNo} ${row.memberName}`,
          before: caseState(row),
          after: caseState(after),
        });
        return queueMail(
          tx,
          [officerMail(caseNo, row.subject, row.memberName, officer.email, mailer.publicUrl)],
          Boolean(mailer.sendEmail),
        );
      });
      void deliverAfterCommit(db, mails, mailer);
      return detail(actor.user, caseNo);
    },

    /** The categories cases are filed under, active ones first, with their case counts. */
    categories: () => listCategories(db),
  };
}

export type IrCaseService = ReturnType<typeof createIrCaseService>;
