ALTER TABLE "leave_requests" ADD COLUMN "leave_dates" date[];--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "eligible_gender" text;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "min_service_months" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "pro_rata" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "includes_days_of" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "leaving_date" date;--> statement-breakpoint
-- The dates of the requests already made: their working days by today's mask and calendar, taking
-- as many as the request counted when it was made (days never change). Where the mask or the
-- calendar has changed since, the working days come first, then the mask's days, then the
-- earliest others, so every request keeps exactly its days within its own dates.
UPDATE "leave_requests" AS r SET "leave_dates" = coalesce((
  SELECT array_agg(chosen.day ORDER BY chosen.day) FROM (
    SELECT candidate.day FROM (
      SELECT g.day::date AS day,
        (s.working_days_mask >> (extract(isodow FROM g.day)::int - 1)) & 1 = 1 AS in_mask,
        EXISTS (SELECT 1 FROM "public_holidays" h WHERE h.date = g.day::date) AS holiday,
        row_number() OVER (
          ORDER BY
            ((s.working_days_mask >> (extract(isodow FROM g.day)::int - 1)) & 1 = 1
              AND NOT EXISTS (SELECT 1 FROM "public_holidays" h WHERE h.date = g.day::date)) DESC,
            (s.working_days_mask >> (extract(isodow FROM g.day)::int - 1)) & 1 = 1 DESC,
            g.day
        ) AS rank
      FROM generate_series(r.start_date, r.end_date, interval '1 day') AS g(day)
      JOIN "staff" s ON s.staff_id = r.staff_id
    ) AS candidate
    WHERE candidate.rank <= r.days / (CASE WHEN r.day_type = 0 THEN 1 ELSE 0.5 END)
  ) AS chosen
), '{}');--> statement-breakpoint
-- The leave tables' data-version triggers (migration 0011) are deferred; their pending events
-- would stop the ALTER TABLEs below, so they fire now.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
ALTER TABLE "leave_requests" ALTER COLUMN "leave_dates" SET NOT NULL;--> statement-breakpoint
-- The seeded catalogue's Employment Act rules, on installations seeded before they were data
-- (docs/product/leave.md): only on types still under their catalogue name.
UPDATE "leave_types" SET "pro_rata" = 'nearest-day' WHERE "id" = 'LVE0001' AND "name" = 'Annual Leave';--> statement-breakpoint
UPDATE "leave_types" SET "includes_days_of" = 'LVE0002' WHERE "id" = 'LVE0003' AND "name" = 'Hospitalisation Leave';--> statement-breakpoint
UPDATE "leave_types" SET "eligible_gender" = 'F' WHERE "id" = 'LVE0004' AND "name" = 'Maternity Leave';--> statement-breakpoint
UPDATE "leave_types" SET "eligible_gender" = 'M', "min_service_months" = 12 WHERE "id" = 'LVE0005' AND "name" = 'Paternity Leave';--> statement-breakpoint
ALTER TABLE "leave_types" ADD CONSTRAINT "leave_types_includes_days_of_leave_types_id_fk" FOREIGN KEY ("includes_days_of") REFERENCES "public"."leave_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_leave_dates" CHECK (cardinality("leave_requests"."leave_dates") * (case when "leave_requests"."day_type" = 0 then 1 else 0.5 end) = "leave_requests"."days" and "leave_requests"."start_date" <= all("leave_requests"."leave_dates") and "leave_requests"."end_date" >= all("leave_requests"."leave_dates"));--> statement-breakpoint
ALTER TABLE "leave_types" ADD CONSTRAINT "leave_types_eligible_gender" CHECK ("leave_types"."eligible_gender" is null or "leave_types"."eligible_gender" in ('F', 'M'));--> statement-breakpoint
ALTER TABLE "leave_types" ADD CONSTRAINT "leave_types_min_service_months" CHECK ("leave_types"."min_service_months" between 0 and 600);--> statement-breakpoint
ALTER TABLE "leave_types" ADD CONSTRAINT "leave_types_pro_rata" CHECK ("leave_types"."pro_rata" in ('off', 'nearest-day', 'down-to-day', 'down-to-half-day'));--> statement-breakpoint
ALTER TABLE "leave_types" ADD CONSTRAINT "leave_types_includes_other" CHECK ("leave_types"."includes_days_of" is distinct from "leave_types"."id");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_leaving_after_joining" CHECK ("staff"."leaving_date" is null or "staff"."leaving_date" >= "staff"."join_date");