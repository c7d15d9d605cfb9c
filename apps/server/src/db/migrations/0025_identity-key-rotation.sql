DROP INDEX "identity_keys_use_idx";--> statement-breakpoint
ALTER TABLE "identity_keys" ADD COLUMN "activates_at" timestamp with time zone DEFAULT 'epoch' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_keys" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_keys_use_activates_idx" ON "identity_keys" USING btree ("use","activates_at");