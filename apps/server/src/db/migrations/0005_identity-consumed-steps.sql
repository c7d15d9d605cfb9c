CREATE TABLE "identity_consumed_steps" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "identity_consumed_steps_expires_idx" ON "identity_consumed_steps" USING btree ("expires_at");