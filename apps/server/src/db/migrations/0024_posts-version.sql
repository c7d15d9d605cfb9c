-- The posts' data version (decision record 0053): raised once by every transaction that writes
-- `posts`, at commit, as migration 0011 does for the leave data. Receipts and their counts are
-- other tables and raise nothing: reading a post is not writing one.
INSERT INTO "data_versions" ("domain") VALUES ('posts');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "posts_posts_version" AFTER INSERT OR UPDATE OR DELETE ON "posts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"('posts');
