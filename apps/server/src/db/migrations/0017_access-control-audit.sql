CREATE TABLE "audit_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text NOT NULL,
	"actor_email" text,
	"area" text NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"target_label" text,
	"before" jsonb,
	"after" jsonb,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "token_cutoffs" (
	"user_id" text PRIMARY KEY NOT NULL,
	"not_before" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_target_idx" ON "audit_entries" USING btree ("target","at");