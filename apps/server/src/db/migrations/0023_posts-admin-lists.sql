CREATE TABLE "post_receipt_counts" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"receipts" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "posts_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', title || ' ' || body)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "post_receipt_counts" ADD CONSTRAINT "post_receipt_counts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search");--> statement-breakpoint
INSERT INTO "post_receipt_counts" ("post_id", "receipts")
  SELECT "post_id", count(*)::int FROM "post_receipts" GROUP BY "post_id";--> statement-breakpoint
-- Every writer's receipts raise their posts' counts, one row a post per statement (a bulk load of
-- receipts too). Receipts are never deleted but with their post, so nothing lowers a count.
CREATE FUNCTION "post_receipts_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "post_receipt_counts" ("post_id", "receipts")
    SELECT "post_id", count(*)::int FROM "added_receipts" GROUP BY "post_id"
  ON CONFLICT ("post_id") DO UPDATE SET "receipts" = "post_receipt_counts"."receipts" + excluded."receipts";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "post_receipts_count" AFTER INSERT ON "post_receipts"
  REFERENCING NEW TABLE AS "added_receipts" FOR EACH STATEMENT EXECUTE FUNCTION "post_receipts_count"();
