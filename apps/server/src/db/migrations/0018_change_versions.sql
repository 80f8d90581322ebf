CREATE TABLE "change_versions" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- 'proposal_rows': what a proposal list row shows (the proposal, its survey's state, the names of its road,
-- kelurahan, kecamatan and consultant). Kept answers (search matches, the verification list) are keyed by it.
INSERT INTO "change_versions" ("name") VALUES ('proposal_rows') ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Adds one to a version at commit, once per transaction whatever it changed: a deferred trigger runs after the
-- last statement, so the version row is locked only for the commit itself (no deadlock with the rows the
-- transaction holds), and becomes visible with the data it names, never before.
CREATE OR REPLACE FUNCTION "change_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('eusulan.changed_' || TG_ARGV[0], true) IS DISTINCT FROM 'on' THEN
    UPDATE change_versions SET version = version + 1 WHERE name = TG_ARGV[0];
    PERFORM set_config('eusulan.changed_' || TG_ARGV[0], 'on', true);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "proposals_change_version" AFTER INSERT OR UPDATE OR DELETE ON "proposals"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_versions_bump"('proposal_rows');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "surveys_change_version" AFTER INSERT OR UPDATE OR DELETE ON "surveys"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_versions_bump"('proposal_rows');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "roads_change_version" AFTER INSERT OR UPDATE OR DELETE ON "roads"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_versions_bump"('proposal_rows');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "villages_change_version" AFTER INSERT OR UPDATE OR DELETE ON "villages"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_versions_bump"('proposal_rows');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "subdistricts_change_version" AFTER INSERT OR UPDATE OR DELETE ON "subdistricts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_versions_bump"('proposal_rows');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "consultants_change_version" AFTER INSERT OR UPDATE OR DELETE ON "consultants"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_versions_bump"('proposal_rows');
