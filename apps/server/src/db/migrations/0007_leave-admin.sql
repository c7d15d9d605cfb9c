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
ALTER TABLE "leave_carry_forward_rules" ADD CONSTRAINT "leave_carry_forward_rules_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_carry_forward_run_items" ADD CONSTRAINT "leave_carry_forward_run_items_run_id_leave_carry_forward_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."leave_carry_forward_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_carry_forward_run_items" ADD CONSTRAINT "leave_carry_forward_run_items_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_carry_forward_run_items" ADD CONSTRAINT "leave_carry_forward_run_items_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_carry_forward_runs_year_idx" ON "leave_carry_forward_runs" USING btree ("from_year");