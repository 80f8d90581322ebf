-- Proposal counts per type, year, consultant and status, kept by statement-level triggers (one grouped
-- upsert per statement, so a 10,000-row import costs one small aggregate, not 10,000 row updates). The
-- lists' totals and Tugas Survey read these few thousand rows instead of counting up to millions of proposals.
CREATE TABLE IF NOT EXISTS "proposal_counts" (
  "proposal_type" "proposal_type" NOT NULL,
  "year" smallint NOT NULL,
  "consultant_id" integer NOT NULL REFERENCES "consultants"("id"),
  "status_type" "status_type" NOT NULL,
  "total" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("proposal_type", "year", "consultant_id", "status_type")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "proposal_counts_consultant_idx" ON "proposal_counts" ("consultant_id", "status_type");--> statement-breakpoint
INSERT INTO "proposal_counts"
  SELECT "proposal_type", extract(year FROM "proposal_date")::smallint, "consultant_id", "status_type", count(*)
  FROM "proposals" GROUP BY 1, 2, 3, 4
  ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "proposal_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO proposal_counts AS c (proposal_type, year, consultant_id, status_type, total)
      SELECT proposal_type, extract(year FROM proposal_date)::smallint, consultant_id, status_type, -count(*)
      FROM old_rows GROUP BY 1, 2, 3, 4
      ON CONFLICT (proposal_type, year, consultant_id, status_type) DO UPDATE SET total = c.total + excluded.total;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO proposal_counts AS c (proposal_type, year, consultant_id, status_type, total)
      SELECT proposal_type, extract(year FROM proposal_date)::smallint, consultant_id, status_type, count(*)
      FROM new_rows GROUP BY 1, 2, 3, 4
      ON CONFLICT (proposal_type, year, consultant_id, status_type) DO UPDATE SET total = c.total + excluded.total;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "proposals_counts_insert" AFTER INSERT ON "proposals" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "proposal_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "proposals_counts_update" AFTER UPDATE ON "proposals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "proposal_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "proposals_counts_delete" AFTER DELETE ON "proposals" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "proposal_counts_apply"();
