ALTER TABLE "identity_outbox" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_outbox" ADD COLUMN "delivery_error" text;