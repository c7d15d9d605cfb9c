CREATE INDEX "audit_entries_actor_idx" ON "audit_entries" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_entries_area_action_idx" ON "audit_entries" USING btree ("area","action","at");--> statement-breakpoint
CREATE INDEX "audit_entries_text_trgm_idx" ON "audit_entries" USING gin (("action" || ' ' || coalesce("target_label", '') || ' ' || coalesce("before"::text, '') || ' ' || coalesce("after"::text, '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "log_entries_action_received_idx" ON "log_entries" USING btree ("action","received_at");--> statement-breakpoint
CREATE INDEX "log_entries_text_trgm_idx" ON "log_entries" USING gin (("action" || ' ' || "request" || ' ' || "url") gin_trgm_ops);