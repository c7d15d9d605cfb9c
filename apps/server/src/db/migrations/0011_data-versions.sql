CREATE TABLE "data_versions" (
	"domain" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "data_versions" ("domain") VALUES ('leave');--> statement-breakpoint
-- Raises a domain's version once per transaction that writes one of its tables, at commit (the
-- triggers below are deferred): the last lock such a transaction takes, so waiting for it can
-- never close a cycle with the row locks the transaction already holds.
CREATE FUNCTION "raise_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.data_version_raised.' || TG_ARGV[0], true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('app.data_version_raised.' || TG_ARGV[0], 'on', true);
    UPDATE "data_versions" SET "version" = "version" + 1 WHERE "domain" = TG_ARGV[0];
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "departments_leave_version" AFTER INSERT OR UPDATE OR DELETE ON "departments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"('leave');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "staff_leave_version" AFTER INSERT OR UPDATE OR DELETE ON "staff" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"('leave');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "leave_types_leave_version" AFTER INSERT OR UPDATE OR DELETE ON "leave_types" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"('leave');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "leave_requests_leave_version" AFTER INSERT OR UPDATE OR DELETE ON "leave_requests" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"('leave');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "leave_request_events_leave_version" AFTER INSERT OR UPDATE OR DELETE ON "leave_request_events" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"('leave');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "leave_entitlements_leave_version" AFTER INSERT OR UPDATE OR DELETE ON "leave_entitlements" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"('leave');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "leave_adjustments_leave_version" AFTER INSERT OR UPDATE OR DELETE ON "leave_adjustments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"('leave');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "leave_carry_forward_rules_leave_version" AFTER INSERT OR UPDATE OR DELETE ON "leave_carry_forward_rules" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"('leave');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "leave_carry_forward_runs_leave_version" AFTER INSERT OR UPDATE OR DELETE ON "leave_carry_forward_runs" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"('leave');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "leave_carry_forward_run_items_leave_version" AFTER INSERT OR UPDATE OR DELETE ON "leave_carry_forward_run_items" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"('leave');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "public_holidays_leave_version" AFTER INSERT OR UPDATE OR DELETE ON "public_holidays" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"('leave');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "leave_delegations_leave_version" AFTER INSERT OR UPDATE OR DELETE ON "leave_delegations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"('leave');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "leave_ical_feeds_leave_version" AFTER INSERT OR UPDATE OR DELETE ON "leave_ical_feeds" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"('leave');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "staff_movements_leave_version" AFTER INSERT OR UPDATE OR DELETE ON "staff_movements" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"('leave');
