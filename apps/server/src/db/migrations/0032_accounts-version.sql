-- The accounts' data version (decision record 0077): raised once by every transaction that changes
-- what the access-control list shows of the embedded identity service's accounts (an account,
-- its status, its departments, a department), at commit, as migration 0011 does for the leave
-- data. The list keeps its snapshot while the version stands. Sign-in bookkeeping (failed
-- attempts, locks, token cut-offs) changes none of the listed columns and raises nothing.
INSERT INTO "data_versions" ("domain") VALUES ('accounts');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "identity_users_accounts_version" AFTER INSERT OR DELETE ON "identity_users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"('accounts');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "identity_users_accounts_version_update" AFTER UPDATE ON "identity_users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."email", OLD."status", OLD."enabled", OLD."attributes", OLD."updated_at")
    IS DISTINCT FROM (NEW."email", NEW."status", NEW."enabled", NEW."attributes", NEW."updated_at"))
  EXECUTE FUNCTION "raise_data_version"('accounts');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "identity_user_groups_accounts_version" AFTER INSERT OR UPDATE OR DELETE ON "identity_user_groups"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"('accounts');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "identity_groups_accounts_version" AFTER INSERT OR UPDATE OR DELETE ON "identity_groups"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_data_version"('accounts');
