CREATE TABLE "leave_delegations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leave_delegations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"approver_staff_id" text NOT NULL,
	"delegate_staff_id" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_delegations_dates" CHECK ("leave_delegations"."to_date" >= "leave_delegations"."from_date"),
	CONSTRAINT "leave_delegations_not_self" CHECK ("leave_delegations"."delegate_staff_id" <> "leave_delegations"."approver_staff_id")
);
--> statement-breakpoint
CREATE TABLE "leave_ical_feeds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leave_ical_feeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token" text NOT NULL,
	"owner_sub" text NOT NULL,
	"kind" text NOT NULL,
	"department_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "leave_ical_feeds_token_unique" UNIQUE("token"),
	CONSTRAINT "leave_ical_feeds_kind" CHECK ("leave_ical_feeds"."kind" in ('me', 'department')),
	CONSTRAINT "leave_ical_feeds_department" CHECK (("leave_ical_feeds"."kind" = 'department') = ("leave_ical_feeds"."department_code" is not null))
);
--> statement-breakpoint
CREATE TABLE "staff_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"staff_id" text NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_movements_kind" CHECK ("staff_movements"."kind" in ('outstation', 'meeting', 'training', 'site_visit', 'work_from_home')),
	CONSTRAINT "staff_movements_times" CHECK ("staff_movements"."ends_at" > "staff_movements"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "leave_delegations" ADD CONSTRAINT "leave_delegations_approver_staff_id_staff_staff_id_fk" FOREIGN KEY ("approver_staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_delegations" ADD CONSTRAINT "leave_delegations_delegate_staff_id_staff_staff_id_fk" FOREIGN KEY ("delegate_staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_ical_feeds" ADD CONSTRAINT "leave_ical_feeds_department_code_departments_code_fk" FOREIGN KEY ("department_code") REFERENCES "public"."departments"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_movements" ADD CONSTRAINT "staff_movements_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_delegations_approver_idx" ON "leave_delegations" USING btree ("approver_staff_id","from_date");--> statement-breakpoint
CREATE INDEX "leave_delegations_delegate_idx" ON "leave_delegations" USING btree ("delegate_staff_id","from_date");--> statement-breakpoint
CREATE INDEX "leave_ical_feeds_owner_idx" ON "leave_ical_feeds" USING btree ("owner_sub");--> statement-breakpoint
CREATE INDEX "staff_movements_staff_starts_idx" ON "staff_movements" USING btree ("staff_id","starts_at");