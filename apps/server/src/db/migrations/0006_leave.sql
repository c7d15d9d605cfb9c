CREATE TABLE "leave_adjustments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leave_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"staff_id" text NOT NULL,
	"year" smallint NOT NULL,
	"leave_type_id" text NOT NULL,
	"days" numeric(5, 1) NOT NULL,
	"reason" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_entitlements" (
	"staff_id" text NOT NULL,
	"year" smallint NOT NULL,
	"leave_type_id" text NOT NULL,
	"entitled" numeric(5, 1),
	"carried" numeric(5, 1) DEFAULT 0 NOT NULL,
	"carried_expires_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_entitlements_staff_id_year_leave_type_id_pk" PRIMARY KEY("staff_id","year","leave_type_id")
);
--> statement-breakpoint
CREATE TABLE "leave_request_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leave_request_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reference_id" text NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"actor_staff_id" text,
	"actor_sub" text,
	"actor_name" text NOT NULL,
	"remarks" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_requests" (
	"reference_id" text PRIMARY KEY NOT NULL,
	"staff_id" text NOT NULL,
	"leave_type_id" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"day_type" smallint DEFAULT 0 NOT NULL,
	"days" numeric(5, 1) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"approver_staff_id" text,
	"remarks" text,
	"attachment" "bytea",
	"attachment_name" text,
	"attachment_mime" text,
	"attachment_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_requests_reference_id_format" CHECK ("leave_requests"."reference_id" ~ '^LV[0-9]{18}$'),
	CONSTRAINT "leave_requests_status" CHECK ("leave_requests"."status" between 0 and 5),
	CONSTRAINT "leave_requests_day_type" CHECK ("leave_requests"."day_type" between 0 and 2),
	CONSTRAINT "leave_requests_dates" CHECK ("leave_requests"."end_date" >= "leave_requests"."start_date"),
	CONSTRAINT "leave_requests_days" CHECK ("leave_requests"."days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "leave_adjustments" ADD CONSTRAINT "leave_adjustments_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_adjustments" ADD CONSTRAINT "leave_adjustments_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_entitlements" ADD CONSTRAINT "leave_entitlements_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_entitlements" ADD CONSTRAINT "leave_entitlements_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_request_events" ADD CONSTRAINT "leave_request_events_reference_id_leave_requests_reference_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."leave_requests"("reference_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_request_events" ADD CONSTRAINT "leave_request_events_actor_staff_id_staff_staff_id_fk" FOREIGN KEY ("actor_staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_staff_id_staff_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_approver_staff_id_staff_staff_id_fk" FOREIGN KEY ("approver_staff_id") REFERENCES "public"."staff"("staff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_adjustments_staff_year_idx" ON "leave_adjustments" USING btree ("staff_id","year","leave_type_id");--> statement-breakpoint
CREATE INDEX "leave_request_events_reference_idx" ON "leave_request_events" USING btree ("reference_id","at");--> statement-breakpoint
CREATE INDEX "leave_requests_staff_start_idx" ON "leave_requests" USING btree ("staff_id","start_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leave_requests_approver_status_idx" ON "leave_requests" USING btree ("approver_staff_id","status");--> statement-breakpoint
CREATE INDEX "leave_requests_dates_idx" ON "leave_requests" USING btree ("start_date","end_date","staff_id");