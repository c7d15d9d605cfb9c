CREATE TABLE "user_settings" (
	"identity_sub" text PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_settings_language" CHECK ("user_settings"."language" in ('en', 'ms'))
);
