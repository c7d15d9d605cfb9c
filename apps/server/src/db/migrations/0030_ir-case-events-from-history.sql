-- The history of the cases made before their events were kept (docs/product/ir.md §3, decision
-- record 0075), recovered from what was written then: the audit trail has every closing,
-- reopening and change of officer made through the API (who, when, the state before and after);
-- a reopening also wrote its reason as an action. An actor's name is the one their own actions
-- carry, else the e-mail the audit trail kept.
--
-- 1. Every closing made through the API, with the date and outcome given, even one a reopening
--    later erased from the case.
INSERT INTO "ir_case_events" ("case_no", "kind", "date", "text", "actor_id", "actor_name", "created_at")
SELECT a."target", 'closed', (a."after"->>'closedOn')::date, coalesce(a."after"->>'outcome', ''), a."actor_id",
  coalesce(
    (SELECT x."author_name" FROM "ir_case_actions" x WHERE x."author_id" = a."actor_id" ORDER BY x."created_at" DESC LIMIT 1),
    a."actor_email", a."actor_id"),
  a."at"
FROM "audit_entries" a JOIN "ir_cases" c ON c."case_no" = a."target"
WHERE a."area" = 'ir' AND a."action" = 'case.close' AND a."after"->>'closedOn' IS NOT NULL;--> statement-breakpoint
-- 2. Every change of officer, on the day it was made in the organisation's default time zone.
INSERT INTO "ir_case_events" ("case_no", "kind", "date", "from_officer_id", "from_officer_name", "to_officer_id",
  "to_officer_name", "actor_id", "actor_name", "created_at")
SELECT a."target", 'reassigned', (a."at" AT TIME ZONE 'Asia/Kuala_Lumpur')::date, a."before"->>'officerId',
  a."before"->>'officerName', a."after"->>'officerId', coalesce(a."after"->>'officerName', a."after"->>'officerId'),
  a."actor_id",
  coalesce(
    (SELECT x."author_name" FROM "ir_case_actions" x WHERE x."author_id" = a."actor_id" ORDER BY x."created_at" DESC LIMIT 1),
    a."actor_email", a."actor_id"),
  a."at"
FROM "audit_entries" a JOIN "ir_cases" c ON c."case_no" = a."target"
WHERE a."area" = 'ir' AND a."action" = 'case.assign' AND a."after"->>'officerId' IS NOT NULL;--> statement-breakpoint
-- 3. Every reopening: the action it wrote ("Case reopened: " and the reason, in the transaction of
--    its audit entry, so at the same instant) becomes the event, and leaves the actions.
WITH "moved" AS (
  DELETE FROM "ir_case_actions" x
  WHERE x."type" = 1 AND x."text" LIKE 'Case reopened: %'
    AND EXISTS (
      SELECT 1 FROM "audit_entries" a
      WHERE a."area" = 'ir' AND a."action" = 'case.reopen' AND a."target" = x."case_no"
        AND a."actor_id" = x."author_id" AND a."at" = x."created_at")
    AND NOT EXISTS (SELECT 1 FROM "ir_action_attachments" f WHERE f."action_id" = x."id")
  RETURNING x."case_no", x."date", x."text", x."author_id", x."author_name", x."created_at"
)
INSERT INTO "ir_case_events" ("case_no", "kind", "date", "text", "actor_id", "actor_name", "created_at")
SELECT "case_no", 'reopened', "date", substr("text", length('Case reopened: ') + 1), "author_id", "author_name", "created_at"
FROM "moved";--> statement-breakpoint
-- 4. Closings the demo and benchmark generators wrote into the cases without an audit entry: a
--    case closed when it was made and reopened through the API since (its first reopening's
--    entry kept the closing it undid, with no closing entry before it) ...
INSERT INTO "ir_case_events" ("case_no", "kind", "date", "text", "actor_id", "actor_name", "created_at")
SELECT r."target", 'closed', (r."before"->>'closedOn')::date, coalesce(r."before"->>'outcome', ''),
  coalesce(c."officer_id", c."opened_by_id"), coalesce(c."officer_name", c."opened_by_name"),
  least(r."at" - interval '1 millisecond', ((r."before"->>'closedOn')::date)::timestamptz + interval '1 hour')
FROM "audit_entries" r JOIN "ir_cases" c ON c."case_no" = r."target"
WHERE r."area" = 'ir' AND r."action" = 'case.reopen' AND r."before"->>'closedOn' IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM "audit_entries" e
    WHERE e."area" = 'ir' AND e."action" IN ('case.close', 'case.reopen') AND e."target" = r."target"
      AND e."at" < r."at");--> statement-breakpoint
-- ... and a case closed now whose closing has no event after its last reopening: by the officer
-- in charge (or whoever opened it), after its last action, on its closing date.
INSERT INTO "ir_case_events" ("case_no", "kind", "date", "text", "actor_id", "actor_name", "created_at")
SELECT c."case_no", 'closed', c."closed_on", coalesce(c."outcome", ''), coalesce(c."officer_id", c."opened_by_id"),
  coalesce(c."officer_name", c."opened_by_name"),
  greatest(
    c."closed_on"::timestamptz + interval '1 hour',
    (SELECT max(x."created_at") FROM "ir_case_actions" x WHERE x."case_no" = c."case_no") + interval '1 second',
    (SELECT max(e."created_at") FROM "ir_case_events" e WHERE e."case_no" = c."case_no") + interval '1 second')
FROM "ir_cases" c
WHERE c."status" = 1 AND NOT EXISTS (
  SELECT 1 FROM "ir_case_events" e
  WHERE e."case_no" = c."case_no" AND e."kind" = 'closed'
    AND e."created_at" > coalesce(
      (SELECT max(o."created_at") FROM "ir_case_events" o WHERE o."case_no" = c."case_no" AND o."kind" = 'reopened'),
      '-infinity'));
