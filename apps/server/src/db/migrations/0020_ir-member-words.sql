CREATE TABLE "ir_member_words" (
	"word" text collate "C" NOT NULL,
	"name_folded" text collate "C" NOT NULL,
	"member_no" text NOT NULL,
	CONSTRAINT "ir_member_words_word_name_folded_member_no_pk" PRIMARY KEY("word","name_folded","member_no")
);
--> statement-breakpoint
-- The words of a folded name, as the member lookup splits the text it is given (nameWords in
-- modules/ir/name-folding.ts): at spaces, slashes and hyphens ("a/l", "Nor-Azizah").
CREATE FUNCTION "ir_name_words"("name" text) RETURNS SETOF text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table("name", '[ /-]+') AS w WHERE w <> ''
$$;--> statement-breakpoint
-- The words follow the members by statement triggers: one insert of a whole import or seed batch
-- is one insert of its words. A member's words change only when its folded name does.
CREATE FUNCTION "ir_member_words_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ir_member_words" ("word", "name_folded", "member_no")
    SELECT w, n."name_folded", n."member_no" FROM "new_members" n, "ir_name_words"(n."name_folded") w;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "ir_member_words_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ir_member_words" mw
    USING (SELECT "member_no", "name_folded" FROM "old_members"
           EXCEPT SELECT "member_no", "name_folded" FROM "new_members") gone,
      "ir_name_words"(gone."name_folded") w
    WHERE mw."word" = w COLLATE "C" AND mw."name_folded" = gone."name_folded" COLLATE "C"
      AND mw."member_no" = gone."member_no";
  INSERT INTO "ir_member_words" ("word", "name_folded", "member_no")
    SELECT w, came."name_folded", came."member_no"
    FROM (SELECT "member_no", "name_folded" FROM "new_members"
          EXCEPT SELECT "member_no", "name_folded" FROM "old_members") came,
      "ir_name_words"(came."name_folded") w;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "ir_member_words_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ir_member_words" mw
    USING "old_members" o, "ir_name_words"(o."name_folded") w
    WHERE mw."word" = w COLLATE "C" AND mw."name_folded" = o."name_folded" COLLATE "C"
      AND mw."member_no" = o."member_no";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ir_members_words_insert" AFTER INSERT ON "ir_members"
  REFERENCING NEW TABLE AS "new_members" FOR EACH STATEMENT EXECUTE FUNCTION "ir_member_words_insert"();--> statement-breakpoint
CREATE TRIGGER "ir_members_words_update" AFTER UPDATE ON "ir_members"
  REFERENCING OLD TABLE AS "old_members" NEW TABLE AS "new_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "ir_member_words_update"();--> statement-breakpoint
CREATE TRIGGER "ir_members_words_delete" AFTER DELETE ON "ir_members"
  REFERENCING OLD TABLE AS "old_members" FOR EACH STATEMENT EXECUTE FUNCTION "ir_member_words_delete"();--> statement-breakpoint
-- A case keeps its member's name for sorting (decision record 0042); a renamed member's cases
-- follow the new name in the statement that renames it (an import's upsert, say).
CREATE FUNCTION "ir_cases_follow_member_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ir_cases" c SET "member_name" = n."name"
    FROM "new_members" n JOIN "old_members" o ON o."member_no" = n."member_no"
    WHERE c."member_no" = n."member_no" AND o."name" IS DISTINCT FROM n."name"
      AND c."member_name" IS DISTINCT FROM n."name";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ir_members_case_names" AFTER UPDATE ON "ir_members"
  REFERENCING OLD TABLE AS "old_members" NEW TABLE AS "new_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "ir_cases_follow_member_names"();--> statement-breakpoint
-- The members already there.
INSERT INTO "ir_member_words" ("word", "name_folded", "member_no")
  SELECT w, m."name_folded", m."member_no" FROM "ir_members" m, "ir_name_words"(m."name_folded") w;
