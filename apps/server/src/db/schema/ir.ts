import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, tsvector } from '../column-types';
import { SEARCH_GIN_STORAGE } from './gin';

/**
 * Union members (docs/product/ir.md §1). `name_folded` is the name in lower case without accents,
 * written by the server with every name (foldName in modules/ir/name-folding.ts): PGlite has no
 * `unaccent`, and the trigram index searches this column (decision record 0042).
 */
export const irMembers = pgTable(
  'ir_members',
  {
    memberNo: text('member_no').primaryKey(),
    name: text('name').notNull(),
    nameFolded: text('name_folded').notNull(),
    /** The twelve digits, no dashes. */
    nric: text('nric').notNull(),
    gender: text('gender', { enum: ['F', 'M'] }).notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    employer: text('employer').notNull(),
    branch: text('branch').notNull(),
    position: text('position').notNull().default(''),
    status: text('status', { enum: ['active', 'lapsed', 'resigned', 'deceased'] }).notNull(),
    joinDate: date('join_date', { mode: 'string' }).notNull(),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ir_members_nric_format', sql`${t.nric} ~ '^[0-9]{12}$'`),
    check('ir_members_member_no_format', sql`${t.memberNo} ~ '^[A-Z0-9][A-Z0-9-]{0,19}$'`),
    check('ir_members_status', sql`${t.status} in ('active', 'lapsed', 'resigned', 'deceased')`),
    // Two members never share an NRIC; the same index answers prefix searches as a range.
    uniqueIndex('ir_members_nric_idx').on(t.nric),
    index('ir_members_name_trgm_idx')
      .using('gin', sql`${t.nameFolded} gin_trgm_ops`)
      .with(SEARCH_GIN_STORAGE),
    // Names shorter than a trigram are searched as a prefix, and the names a text starts are
    // read in this order, a page at a time (decision record 0064).
    index('ir_members_name_prefix_idx').using('btree', sql`${t.nameFolded} text_pattern_ops`, t.memberNo),
    index('ir_members_name_idx').on(t.name, t.memberNo),
    index('ir_members_employer_idx').on(t.employer, t.name, t.memberNo),
    index('ir_members_branch_idx').on(t.branch, t.name, t.memberNo),
    index('ir_members_status_idx').on(t.status, t.name, t.memberNo),
    index('ir_members_join_date_idx').on(t.joinDate, t.memberNo),
  ],
);

/** Text compared byte by byte, so that a `LIKE 'prefix%'` is a range of its btree index in any locale. */
const byteText = customType<{ data: string }>({ dataType: () => 'text collate "C"' });

/**
 * Every word of every member's folded name, with that name: the member lookup reads the members
 * whose name has a word starting with the text as one ordered range of the primary key, and stops
 * after a page (decision record 0046). Kept by triggers on `ir_members` (migration 0020), so every
 * way a member is written keeps it whole.
 */
export const irMemberWords = pgTable(
  'ir_member_words',
  {
    word: byteText('word').notNull(),
    nameFolded: byteText('name_folded').notNull(),
    memberNo: text('member_no').notNull(),
  },
  (t) => [primaryKey({ columns: [t.word, t.nameFolded, t.memberNo] })],
);

/** Grievance categories (docs/product/ir.md §2): deactivated, never deleted. */
export const irCategories = pgTable(
  'ir_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ir_categories_name_idx').on(sql`lower(${t.name})`)],
);

/**
 * The last case sequence number given in each year (decision record 0043): raised with
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING` in the transaction that inserts the case, so the
 * row lock serialises concurrent openings and a rolled-back case gives its number back.
 */
export const irCaseCounters = pgTable('ir_case_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** Grievance cases (docs/product/ir.md §2). */
export const irCases = pgTable(
  'ir_cases',
  {
    caseNo: text('case_no').primaryKey(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    memberNo: text('member_no')
      .notNull()
      .references(() => irMembers.memberNo),
    /** The member's name, for sorting cases by it without joining a million members. */
    memberName: text('member_name').notNull(),
    subject: text('subject').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => irCategories.id),
    description: text('description').notNull(),
    contactMethod: smallint('contact_method').notNull(),
    status: smallint('status').notNull().default(0),
    /** The officer's account id (`sub`) and name when assigned. */
    officerId: text('officer_id'),
    officerName: text('officer_name'),
    openedById: text('opened_by_id').notNull(),
    openedByName: text('opened_by_name').notNull(),
    openedOn: date('opened_on', { mode: 'string' }).notNull(),
    closedOn: date('closed_on', { mode: 'string' }),
    outcome: text('outcome'),
    /** The full-text document of the subject, description and every action's text, kept by the server (decision record 0042). */
    search: tsvector('search').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ir_cases_case_no_format', sql`${t.caseNo} ~ '^GRV[0-9]{4}[0-9]{5,9}$'`),
    check('ir_cases_status', sql`${t.status} in (0, 1)`),
    check('ir_cases_contact_method', sql`${t.contactMethod} between 0 and 3`),
    check('ir_cases_closed', sql`(${t.status} = 1) = (${t.closedOn} is not null)`),
    uniqueIndex('ir_cases_year_sequence_idx').on(t.year, t.sequence),
    index('ir_cases_case_no_prefix_idx').using('btree', sql`${t.caseNo} text_pattern_ops`),
    index('ir_cases_search_idx').using('gin', t.search).with(SEARCH_GIN_STORAGE),
    index('ir_cases_opened_idx').on(t.openedOn, t.year, t.sequence),
    index('ir_cases_closed_idx').on(t.closedOn, t.year, t.sequence),
    index('ir_cases_status_opened_idx').on(t.status, t.openedOn, t.year, t.sequence),
    index('ir_cases_officer_status_idx').on(t.officerId, t.status, t.openedOn),
    index('ir_cases_category_idx').on(t.categoryId, t.openedOn),
    index('ir_cases_member_idx').on(t.memberNo, t.openedOn),
    index('ir_cases_member_name_idx').on(t.memberName, t.year, t.sequence),
  ],
);

/** A case's actions (docs/product/ir.md §2): type 0 only for the one that opened it. */
export const irCaseActions = pgTable(
  'ir_case_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseNo: text('case_no')
      .notNull()
      .references(() => irCases.caseNo),
    type: smallint('type').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    text: text('text').notNull(),
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ir_case_actions_type', sql`${t.type} between 0 and 3`),
    index('ir_case_actions_case_idx').on(t.caseNo, t.createdAt),
  ],
);

/**
 * What happened to a case beside its actions (docs/product/ir.md §3): each closing with its
 * outcome, each reopening with its reason, each change of officer. Only ever appended: the case's
 * row holds its current state, these its history (decision record 0075).
 */
export const irCaseEvents = pgTable(
  'ir_case_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseNo: text('case_no')
      .notNull()
      .references(() => irCases.caseNo),
    kind: text('kind', { enum: ['closed', 'reopened', 'reassigned'] }).notNull(),
    /** The closing date for a closing; the day it was done for the others. */
    date: date('date', { mode: 'string' }).notNull(),
    /** A closing's outcome, or a reopening's reason. */
    text: text('text'),
    /** A change of officer: who had the case, and who has it now. */
    fromOfficerId: text('from_officer_id'),
    fromOfficerName: text('from_officer_name'),
    toOfficerId: text('to_officer_id'),
    toOfficerName: text('to_officer_name'),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ir_case_events_kind', sql`${t.kind} in ('closed', 'reopened', 'reassigned')`),
    check('ir_case_events_text', sql`(${t.kind} = 'reassigned') = (${t.text} is null)`),
    index('ir_case_events_case_idx').on(t.caseNo, t.createdAt),
  ],
);

/** Files of an action (docs/product/files-mail-logs.md §1), kept in the database. */
export const irActionAttachments = pgTable(
  'ir_action_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actionId: uuid('action_id')
      .notNull()
      .references(() => irCaseActions.id),
    caseNo: text('case_no')
      .notNull()
      .references(() => irCases.caseNo),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    index('ir_action_attachments_action_idx').on(t.actionId),
    index('ir_action_attachments_case_idx').on(t.caseNo),
  ],
);
