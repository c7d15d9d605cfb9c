DROP INDEX "ir_members_name_prefix_idx";--> statement-breakpoint
CREATE INDEX "ir_members_name_prefix_idx" ON "ir_members" USING btree ("name_folded" text_pattern_ops,"member_no");