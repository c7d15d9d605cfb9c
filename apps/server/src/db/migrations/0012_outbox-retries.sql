ALTER TABLE "identity_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "identity_outbox_due_idx" ON "identity_outbox" USING btree ("next_attempt_at") WHERE "identity_outbox"."next_attempt_at" is not null;