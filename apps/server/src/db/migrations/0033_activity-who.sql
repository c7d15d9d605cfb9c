-- Who, on every activity entry (docs/product/screens.md §15, decision record 0078): the e-mail and
-- name of the person on a sign-in entry, and the name beside the e-mail of whoever made a change,
-- as their token had them. The free text of the sign-in entries includes them.
DROP INDEX "log_entries_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "log_entries" ADD COLUMN "user_email" text;--> statement-breakpoint
ALTER TABLE "log_entries" ADD COLUMN "user_name" text;--> statement-breakpoint
-- Entries made before: their people as the embedded identity service knows them now (none with
-- Cognito, whose accounts are not in this database; those entries keep showing the id).
UPDATE "log_entries" SET "user_email" = u."email", "user_name" = u."attributes" ->> 'name'
  FROM "identity_users" u WHERE u."id"::text = "log_entries"."user_id";--> statement-breakpoint
UPDATE "audit_entries" SET "actor_name" = u."attributes" ->> 'name'
  FROM "identity_users" u WHERE u."id"::text = "audit_entries"."actor_id";--> statement-breakpoint
CREATE INDEX "log_entries_text_trgm_idx" ON "log_entries" USING gin (("action" || ' ' || "request" || ' ' || "url" || ' ' || coalesce("user_email", '') || ' ' || coalesce("user_name", '')) gin_trgm_ops) WITH (gin_pending_list_limit=256);
