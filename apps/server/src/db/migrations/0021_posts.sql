CREATE TABLE "post_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_receipts" (
	"post_id" uuid NOT NULL,
	"reader_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_receipts_post_id_reader_id_pk" PRIMARY KEY("post_id","reader_id")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience_everyone" boolean NOT NULL,
	"audience_departments" text[] DEFAULT '{}'::text[] NOT NULL,
	"publish_at" timestamp with time zone,
	"expire_at" timestamp with time zone,
	"pinned" boolean DEFAULT false NOT NULL,
	"email_audience" boolean DEFAULT false NOT NULL,
	"mail_queued_at" timestamp with time zone,
	"mail_recipients" integer,
	"author_id" text NOT NULL,
	"author_name" text NOT NULL,
	"last_editor_id" text NOT NULL,
	"last_editor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_kind" CHECK ("posts"."kind" in ('announcement', 'staffInfo')),
	CONSTRAINT "posts_audience" CHECK ("posts"."audience_everyone" = (cardinality("posts"."audience_departments") = 0)),
	CONSTRAINT "posts_expire_after_publish" CHECK ("posts"."expire_at" is null or "posts"."publish_at" is null or "posts"."expire_at" > "posts"."publish_at")
);
--> statement-breakpoint
ALTER TABLE "post_attachments" ADD CONSTRAINT "post_attachments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_receipts" ADD CONSTRAINT "post_receipts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_attachments_post_idx" ON "post_attachments" USING btree ("post_id","position");--> statement-breakpoint
CREATE INDEX "post_receipts_reader_idx" ON "post_receipts" USING btree ("reader_id");--> statement-breakpoint
CREATE INDEX "posts_reader_order_idx" ON "posts" USING btree ("pinned","publish_at");--> statement-breakpoint
CREATE INDEX "posts_created_idx" ON "posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "posts_mail_due_idx" ON "posts" USING btree ("publish_at") WHERE "posts"."email_audience" and "posts"."mail_queued_at" is null;