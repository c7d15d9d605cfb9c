CREATE TABLE "identity_codes" (
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_codes_user_id_purpose_pk" PRIMARY KEY("user_id","purpose")
);
--> statement-breakpoint
CREATE TABLE "identity_devices" (
	"device_key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"group_key" text NOT NULL,
	"salt" text,
	"verifier" text,
	"name" text DEFAULT '' NOT NULL,
	"remembered" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_authenticated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_groups" (
	"name" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"precedence" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"use" text NOT NULL,
	"public_jwk" jsonb,
	"private_value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_quotas" (
	"user_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "identity_quotas_user_id_operation_window_start_pk" PRIMARY KEY("user_id","operation","window_start")
);
--> statement-breakpoint
CREATE TABLE "identity_refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"device_key" text,
	"auth_time" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_user_groups" (
	"user_id" uuid NOT NULL,
	"group_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_user_groups_user_id_group_name_pk" PRIMARY KEY("user_id","group_name")
);
--> statement-breakpoint
CREATE TABLE "identity_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"srp_salt" text NOT NULL,
	"srp_verifier" text NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"totp_secret" text,
	"totp_enabled" boolean DEFAULT false NOT NULL,
	"sms_mfa_enabled" boolean DEFAULT false NOT NULL,
	"preferred_mfa" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"tokens_valid_after" timestamp with time zone,
	"temporary_password_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_codes" ADD CONSTRAINT "identity_codes_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_devices" ADD CONSTRAINT "identity_devices_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_quotas" ADD CONSTRAINT "identity_quotas_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_refresh_tokens" ADD CONSTRAINT "identity_refresh_tokens_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_user_groups" ADD CONSTRAINT "identity_user_groups_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_user_groups" ADD CONSTRAINT "identity_user_groups_group_name_identity_groups_name_fk" FOREIGN KEY ("group_name") REFERENCES "public"."identity_groups"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_devices_user_idx" ON "identity_devices" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_keys_use_idx" ON "identity_keys" USING btree ("use");--> statement-breakpoint
CREATE INDEX "identity_outbox_recipient_idx" ON "identity_outbox" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "identity_refresh_tokens_user_idx" ON "identity_refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "identity_user_groups_group_idx" ON "identity_user_groups" USING btree ("group_name");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_users_email_idx" ON "identity_users" USING btree (lower("email"));