CREATE TABLE "leave_carry_forward_rules" (
	"leave_type_id" text PRIMARY KEY NOT NULL,
	"cap" numeric(5, 1),
	"expiry" text,
	CONSTRAINT "leave_carry_forward_rules_cap" CHECK ("leave_carry_forward_rules"."cap" is null or "leave_carry_forward_rules"."cap" between 0 and 366),
	CONSTRAINT "leave_carry_forward_rules_expiry" CHECK ("leave_carry_forward_rules"."expiry" is null or "leave_carry_forward_rules"."expiry" ~ '^[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "leave_carry_forward_run_items" (
	"run_id" bigint NOT NULL,
	"staff_id" text NOT NULL,
	"leave_type_id" text NOT NULL,
	"available" numeric(6, 1) NOT NULL,
	"carried" numeric(5, 1) NOT NULL,
	"expires_on" date,
	"had_row" boolean NOT NULL,
	"previous_carried" numeric(5, 1),
	"previous_expires_on" date,
	CONSTRAINT "leave_carry_forward_run_items_run_id_staff_id_leave_type_id_pk" PRIMARY KEY("run_id","staff_id","leave_type_id")
);
--> statement-breakpoint
CREATE TABLE "leave_carry_forward_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leave_carry_forward_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"from_year" smallint NOT NULL,
	"applied_by" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_by" text,
	"reversed_at" timestamp with time zone
);
--> statement-breakpoint
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
ALTER TABLE "leave_carry_forward_rules" ADD CONSTRAINT "leave_carry_forward_rules_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_carry_forward_run_items" ADD CONSTRAINT "leave_carry_forward_run_items_run_id_leave_carry_forward_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."leave_carry_forward_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_carry_forward_run_items" ADD CONSTRAINT "leave_carry_forward_run_items_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_carry_forward_run_items" ADD CONSTRAINT "leave_carry_forward_run_items_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_delegations" ADD CONSTRAINT "leave_delegations_approver_staff_id_staff_staff_id_fk" FOREIGN KEY ("approver_staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_delegations" ADD CONSTRAINT "leave_delegations_delegate_staff_id_staff_staff_id_fk" FOREIGN KEY ("delegate_staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_ical_feeds" ADD CONSTRAINT "leave_ical_feeds_department_code_departments_code_fk" FOREIGN KEY ("department_code") REFERENCES "public"."departments"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_movements" ADD CONSTRAINT "staff_movements_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_carry_forward_runs_year_idx" ON "leave_carry_forward_runs" USING btree ("from_year");--> statement-breakpoint
CREATE INDEX "leave_delegations_approver_idx" ON "leave_delegations" USING btree ("approver_staff_id","from_date");--> statement-breakpoint
CREATE INDEX "leave_delegations_delegate_idx" ON "leave_delegations" USING btree ("delegate_staff_id","from_date");--> statement-breakpoint
CREATE INDEX "leave_ical_feeds_owner_idx" ON "leave_ical_feeds" USING btree ("owner_sub");--> statement-breakpoint
CREATE INDEX "staff_movements_staff_starts_idx" ON "staff_movements" USING btree ("staff_id","starts_at");