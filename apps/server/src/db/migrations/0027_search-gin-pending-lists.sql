-- Decision record 0063: the search indexes keep a short pending list (256 kB, not 4 MB), and
-- what an installation has pending now is merged at once. Altered, not rebuilt: the parameter
-- needs no new index.
ALTER INDEX "audit_entries_text_trgm_idx" SET (gin_pending_list_limit=256);--> statement-breakpoint
ALTER INDEX "ir_cases_search_idx" SET (gin_pending_list_limit=256);--> statement-breakpoint
ALTER INDEX "ir_members_name_trgm_idx" SET (gin_pending_list_limit=256);--> statement-breakpoint
ALTER INDEX "log_entries_text_trgm_idx" SET (gin_pending_list_limit=256);--> statement-breakpoint
ALTER INDEX "posts_search_idx" SET (gin_pending_list_limit=256);--> statement-breakpoint
SELECT gin_clean_pending_list(index_name::regclass) FROM (VALUES ('audit_entries_text_trgm_idx'), ('ir_cases_search_idx'), ('ir_members_name_trgm_idx'), ('log_entries_text_trgm_idx'), ('posts_search_idx')) AS indexes(index_name);
