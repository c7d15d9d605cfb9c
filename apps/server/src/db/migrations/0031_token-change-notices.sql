-- Tells every replica listening on the channel `token_changes` of each change a token depends on,
-- in the transaction of the change, so that it is heard when it commits and never when it rolls
-- back (decision record 0074). A row's own user id is named by the trigger's argument.
CREATE FUNCTION "notify_token_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed := to_jsonb(OLD);
  ELSE
    changed := to_jsonb(NEW);
  END IF;
  PERFORM pg_notify('token_changes', json_build_object('user', changed ->> TG_ARGV[0])::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- What a token of the user says or whether its session counts: enabled, e-mail, attributes (the
-- last password change among them), signed out everywhere; not the sign-in counters and times.
CREATE TRIGGER "identity_users_token_change" AFTER UPDATE ON "identity_users" FOR EACH ROW
  WHEN (
    OLD."enabled" IS DISTINCT FROM NEW."enabled"
    OR OLD."email" IS DISTINCT FROM NEW."email"
    OR OLD."attributes" IS DISTINCT FROM NEW."attributes"
    OR OLD."tokens_valid_after" IS DISTINCT FROM NEW."tokens_valid_after"
  )
  EXECUTE FUNCTION "notify_token_change"('id');--> statement-breakpoint
CREATE TRIGGER "identity_users_token_delete" AFTER DELETE ON "identity_users" FOR EACH ROW
  EXECUTE FUNCTION "notify_token_change"('id');--> statement-breakpoint
CREATE TRIGGER "identity_user_groups_token_change" AFTER INSERT OR UPDATE OR DELETE ON "identity_user_groups"
  FOR EACH ROW EXECUTE FUNCTION "notify_token_change"('user_id');--> statement-breakpoint
CREATE TRIGGER "identity_refresh_tokens_token_change" AFTER UPDATE ON "identity_refresh_tokens" FOR EACH ROW
  WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at")
  EXECUTE FUNCTION "notify_token_change"('user_id');--> statement-breakpoint
CREATE TRIGGER "identity_refresh_tokens_token_delete" AFTER DELETE ON "identity_refresh_tokens" FOR EACH ROW
  EXECUTE FUNCTION "notify_token_change"('user_id');--> statement-breakpoint
-- A cutoff (decision record 0037) carries its moment, in epoch milliseconds.
CREATE FUNCTION "notify_token_cutoff"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('token_changes', json_build_object(
    'cutoff', NEW."user_id",
    'notBefore', floor(extract(epoch FROM NEW."not_before") * 1000)::bigint
  )::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "token_cutoffs_notice" AFTER INSERT OR UPDATE ON "token_cutoffs" FOR EACH ROW
  EXECUTE FUNCTION "notify_token_cutoff"();
