CREATE INDEX "posts_publish_at_idx" ON "posts" USING btree ("publish_at");--> statement-breakpoint
CREATE INDEX "posts_expire_at_idx" ON "posts" USING btree ("expire_at");