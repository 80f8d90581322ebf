CREATE TABLE "change_versions" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- 'proposal_rows': what a proposal list row shows (the proposal, its survey's state, the names of its road,
-- kelurahan, kecamatan and consultant). Kept answers (search matches, the verification list) are keyed by it.
INSERT INTO "change_versions" ("name") VALUES ('proposal_rows') ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A transaction's note that a version must move: one row per transaction and name, removed again at commit.
CREATE TABLE IF NOT EXISTS "change_version_bumps" ("name" varchar(40) NOT NULL);--> statement-breakpoint
-- After each statement that changed such data: the first one of a transaction writes the note (a
-- transaction-local setting remembers it), whatever the number of rows.
CREATE OR REPLACE FUNCTION "change_versions_note"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('eusulan.changed_' || TG_ARGV[0], true) IS DISTINCT FROM 'on' THEN
    INSERT INTO change_version_bumps (name) VALUES (TG_ARGV[0]);
    PERFORM set_config('eusulan.changed_' || TG_ARGV[0], 'on', true);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- At commit (deferred): the version moves by one and the note goes. The version row is locked only for the
-- commit itself, so a transaction never waits for it while holding other rows, and the new version becomes
-- visible with the data it names, never before.
CREATE OR REPLACE FUNCTION "change_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE change_versions SET version = version + 1 WHERE name = NEW.name;
  DELETE FROM change_version_bumps WHERE name = NEW.name;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_version_bumps_apply" AFTER INSERT ON "change_version_bumps"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_versions_bump"();--> statement-breakpoint
CREATE TRIGGER "proposals_change_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "proposals"
  FOR EACH STATEMENT EXECUTE FUNCTION "change_versions_note"('proposal_rows');--> statement-breakpoint
CREATE TRIGGER "surveys_change_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "surveys"
  FOR EACH STATEMENT EXECUTE FUNCTION "change_versions_note"('proposal_rows');--> statement-breakpoint
CREATE TRIGGER "roads_change_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roads"
  FOR EACH STATEMENT EXECUTE FUNCTION "change_versions_note"('proposal_rows');--> statement-breakpoint
CREATE TRIGGER "villages_change_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "villages"
  FOR EACH STATEMENT EXECUTE FUNCTION "change_versions_note"('proposal_rows');--> statement-breakpoint
CREATE TRIGGER "subdistricts_change_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subdistricts"
  FOR EACH STATEMENT EXECUTE FUNCTION "change_versions_note"('proposal_rows');--> statement-breakpoint
CREATE TRIGGER "consultants_change_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "consultants"
  FOR EACH STATEMENT EXECUTE FUNCTION "change_versions_note"('proposal_rows');
