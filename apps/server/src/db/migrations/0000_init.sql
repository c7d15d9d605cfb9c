CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "log_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"action" text NOT NULL,
	"request" text NOT NULL,
	"url" text NOT NULL,
	"stream" text NOT NULL,
	"log_date" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"default_days" numeric(5, 1) DEFAULT 0 NOT NULL,
	"service_tiers" jsonb,
	"cancellable" boolean DEFAULT true NOT NULL,
	"attachment_required" boolean DEFAULT false NOT NULL,
	"half_day_allowed" boolean DEFAULT true NOT NULL,
	"balance_limited" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "leave_types_id_format" CHECK ("leave_types"."id" ~ '^LVE[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "public_holidays" (
	"date" date NOT NULL,
	"region" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "public_holidays_date_region_pk" PRIMARY KEY("date","region")
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"staff_id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"email" text NOT NULL,
	"identity_sub" text,
	"department_code" text NOT NULL,
	"approver_staff_id" text,
	"join_date" date NOT NULL,
	"gender" text NOT NULL,
	"working_days_mask" smallint DEFAULT 31 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_email_unique" UNIQUE("email"),
	CONSTRAINT "staff_identity_sub_unique" UNIQUE("identity_sub"),
	CONSTRAINT "staff_id_format" CHECK ("staff"."staff_id" ~ '^LVUSR[0-9]{10}$'),
	CONSTRAINT "staff_working_days_mask" CHECK ("staff"."working_days_mask" between 0 and 127)
);
--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_department_code_departments_code_fk" FOREIGN KEY ("department_code") REFERENCES "public"."departments"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_approver_staff_id_staff_staff_id_fk" FOREIGN KEY ("approver_staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "log_entries_user_received_idx" ON "log_entries" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE INDEX "log_entries_received_idx" ON "log_entries" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "staff_department_idx" ON "staff" USING btree ("department_code");