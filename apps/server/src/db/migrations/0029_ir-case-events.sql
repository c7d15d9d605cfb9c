CREATE TABLE "ir_case_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_no" text NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"text" text,
	"from_officer_id" text,
	"from_officer_name" text,
	"to_officer_id" text,
	"to_officer_name" text,
	"actor_id" text NOT NULL,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ir_case_events_kind" CHECK ("ir_case_events"."kind" in ('closed', 'reopened', 'reassigned')),
	CONSTRAINT "ir_case_events_text" CHECK (("ir_case_events"."kind" = 'reassigned') = ("ir_case_events"."text" is null))
);
--> statement-breakpoint
ALTER TABLE "ir_case_events" ADD CONSTRAINT "ir_case_events_case_no_ir_cases_case_no_fk" FOREIGN KEY ("case_no") REFERENCES "public"."ir_cases"("case_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ir_case_events_case_idx" ON "ir_case_events" USING btree ("case_no","created_at");