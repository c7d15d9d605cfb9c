ALTER TABLE "leave_ical_feeds" ADD COLUMN "made_by_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Feeds made before: a department feed whose owner has no staff record in that department could
-- only have been made by an ADMIN, so it keeps answering.
UPDATE "leave_ical_feeds" AS f SET "made_by_admin" = true
WHERE f."kind" = 'department' AND NOT EXISTS (
  SELECT 1 FROM "staff" AS s WHERE s."identity_sub" = f."owner_sub" AND s."department_code" = f."department_code"
);
