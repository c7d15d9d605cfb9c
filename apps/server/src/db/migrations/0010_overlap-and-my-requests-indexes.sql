DROP INDEX "leave_requests_staff_start_idx";--> statement-breakpoint
CREATE INDEX "leave_requests_staff_start_created_idx" ON "leave_requests" USING btree ("staff_id","start_date","created_at");--> statement-breakpoint
CREATE INDEX "leave_requests_days_idx" ON "leave_requests" USING gist (daterange("start_date", "end_date", '[]'));--> statement-breakpoint
CREATE INDEX "staff_movements_times_idx" ON "staff_movements" USING gist (tstzrange("starts_at", "ends_at"));