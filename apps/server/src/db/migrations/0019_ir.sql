-- Industrial relations (docs/product/ir.md): members, grievance cases and their actions. The trigram
-- index on members' folded names and the full-text index on cases are decision record 0042; the
-- per-year case counter is decision record 0043. pg_trgm comes from 0001.
CREATE TABLE "ir_action_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action_id" uuid NOT NULL,
	"case_no" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ir_case_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_no" text NOT NULL,
	"type" smallint NOT NULL,
	"date" date NOT NULL,
	"text" text NOT NULL,
	"author_id" text NOT NULL,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ir_case_actions_type" CHECK ("ir_case_actions"."type" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "ir_case_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ir_cases" (
	"case_no" text PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"member_no" text NOT NULL,
	"member_name" text NOT NULL,
	"subject" text NOT NULL,
	"category_id" uuid NOT NULL,
	"description" text NOT NULL,
	"contact_method" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"officer_id" text,
	"officer_name" text,
	"opened_by_id" text NOT NULL,
	"opened_by_name" text NOT NULL,
	"opened_on" date NOT NULL,
	"closed_on" date,
	"outcome" text,
	"search" "tsvector" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ir_cases_case_no_format" CHECK ("ir_cases"."case_no" ~ '^GRV[0-9]{4}[0-9]{5,9}$'),
	CONSTRAINT "ir_cases_status" CHECK ("ir_cases"."status" in (0, 1)),
	CONSTRAINT "ir_cases_contact_method" CHECK ("ir_cases"."contact_method" between 0 and 3),
	CONSTRAINT "ir_cases_closed" CHECK (("ir_cases"."status" = 1) = ("ir_cases"."closed_on" is not null))
);
--> statement-breakpoint
CREATE TABLE "ir_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ir_members" (
	"member_no" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_folded" text NOT NULL,
	"nric" text NOT NULL,
	"gender" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"employer" text NOT NULL,
	"branch" text NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"join_date" date NOT NULL,
	"phone" text,
	"email" text,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ir_members_nric_format" CHECK ("ir_members"."nric" ~ '^[0-9]{12}$'),
	CONSTRAINT "ir_members_member_no_format" CHECK ("ir_members"."member_no" ~ '^[A-Z0-9][A-Z0-9-]{0,19}$'),
	CONSTRAINT "ir_members_status" CHECK ("ir_members"."status" in ('active', 'lapsed', 'resigned', 'deceased'))
);
--> statement-breakpoint
ALTER TABLE "ir_action_attachments" ADD CONSTRAINT "ir_action_attachments_action_id_ir_case_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."ir_case_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ir_action_attachments" ADD CONSTRAINT "ir_action_attachments_case_no_ir_cases_case_no_fk" FOREIGN KEY ("case_no") REFERENCES "public"."ir_cases"("case_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ir_case_actions" ADD CONSTRAINT "ir_case_actions_case_no_ir_cases_case_no_fk" FOREIGN KEY ("case_no") REFERENCES "public"."ir_cases"("case_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ir_cases" ADD CONSTRAINT "ir_cases_member_no_ir_members_member_no_fk" FOREIGN KEY ("member_no") REFERENCES "public"."ir_members"("member_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ir_cases" ADD CONSTRAINT "ir_cases_category_id_ir_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ir_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ir_action_attachments_action_idx" ON "ir_action_attachments" USING btree ("action_id");--> statement-breakpoint
CREATE INDEX "ir_action_attachments_case_idx" ON "ir_action_attachments" USING btree ("case_no");--> statement-breakpoint
CREATE INDEX "ir_case_actions_case_idx" ON "ir_case_actions" USING btree ("case_no","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ir_cases_year_sequence_idx" ON "ir_cases" USING btree ("year","sequence");--> statement-breakpoint
CREATE INDEX "ir_cases_case_no_prefix_idx" ON "ir_cases" USING btree ("case_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ir_cases_search_idx" ON "ir_cases" USING gin ("search");--> statement-breakpoint
CREATE INDEX "ir_cases_opened_idx" ON "ir_cases" USING btree ("opened_on","year","sequence");--> statement-breakpoint
CREATE INDEX "ir_cases_closed_idx" ON "ir_cases" USING btree ("closed_on","year","sequence");--> statement-breakpoint
CREATE INDEX "ir_cases_status_opened_idx" ON "ir_cases" USING btree ("status","opened_on","year","sequence");--> statement-breakpoint
CREATE INDEX "ir_cases_officer_status_idx" ON "ir_cases" USING btree ("officer_id","status","opened_on");--> statement-breakpoint
CREATE INDEX "ir_cases_category_idx" ON "ir_cases" USING btree ("category_id","opened_on");--> statement-breakpoint
CREATE INDEX "ir_cases_member_idx" ON "ir_cases" USING btree ("member_no","opened_on");--> statement-breakpoint
CREATE INDEX "ir_cases_member_name_idx" ON "ir_cases" USING btree ("member_name","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "ir_categories_name_idx" ON "ir_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "ir_members_nric_idx" ON "ir_members" USING btree ("nric");--> statement-breakpoint
CREATE INDEX "ir_members_name_trgm_idx" ON "ir_members" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ir_members_name_prefix_idx" ON "ir_members" USING btree ("name_folded" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ir_members_name_idx" ON "ir_members" USING btree ("name","member_no");--> statement-breakpoint
CREATE INDEX "ir_members_employer_idx" ON "ir_members" USING btree ("employer","name","member_no");--> statement-breakpoint
CREATE INDEX "ir_members_branch_idx" ON "ir_members" USING btree ("branch","name","member_no");--> statement-breakpoint
CREATE INDEX "ir_members_status_idx" ON "ir_members" USING btree ("status","name","member_no");--> statement-breakpoint
CREATE INDEX "ir_members_join_date_idx" ON "ir_members" USING btree ("join_date","member_no");