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
-- The leave domain: every table of the organisation, leave and staff movement schemas.
DO $$
DECLARE
  leave_table text;
BEGIN
  FOREACH leave_table IN ARRAY ARRAY[
    'departments', 'staff', 'leave_types', 'leave_requests', 'leave_request_events',
    'leave_entitlements', 'leave_adjustments', 'leave_carry_forward_rules',
    'leave_carry_forward_runs', 'leave_carry_forward_run_items', 'public_holidays',
    'leave_delegations', 'leave_ical_feeds', 'staff_movements'
  ] LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"(%L)',
      leave_table || '_leave_version', leave_table, 'leave'
    );
  END LOOP;
END
$$;
