-- Issue 11, lists at a million proposals.
-- 1. The per-block counts (migration 0011) also by year, so a list with a year range is placed by blocks
--    too (its page 1 as well: the newest block with a match, not a walk down from the newest id).
TRUNCATE "proposal_blocks";--> statement-breakpoint
ALTER TABLE "proposal_blocks" ADD COLUMN "year" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "proposal_blocks" DROP CONSTRAINT "proposal_blocks_pkey";--> statement-breakpoint
ALTER TABLE "proposal_blocks" ADD PRIMARY KEY ("consultant_id", "proposal_type", "status_type", "year", "block");--> statement-breakpoint
INSERT INTO "proposal_blocks" ("consultant_id", "proposal_type", "status_type", "year", "block", "total")
  SELECT c, "proposal_type", "status_type", extract(year FROM "proposal_date")::smallint, "id" / 16384, count(*)
  FROM "proposals" CROSS JOIN LATERAL (VALUES ("consultant_id"), (0)) AS v(c) GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "proposal_blocks_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO proposal_blocks AS b (consultant_id, proposal_type, status_type, year, block, total)
      SELECT v.c, proposal_type, status_type, extract(year FROM proposal_date)::smallint, id / 16384, -count(*)
      FROM old_rows CROSS JOIN LATERAL (VALUES (consultant_id), (0)) AS v(c) GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT (consultant_id, proposal_type, status_type, year, block) DO UPDATE SET total = b.total + excluded.total;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO proposal_blocks AS b (consultant_id, proposal_type, status_type, year, block, total)
      SELECT v.c, proposal_type, status_type, extract(year FROM proposal_date)::smallint, id / 16384, count(*)
      FROM new_rows CROSS JOIN LATERAL (VALUES (consultant_id), (0)) AS v(c) GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT (consultant_id, proposal_type, status_type, year, block) DO UPDATE SET total = b.total + excluded.total;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- 2. The tab's id order carries what the list filters test (status, consultant, date), so walking a block
--    of a process list, a consultant's tab or a year range reads the index alone.
DROP INDEX IF EXISTS "proposals_type_id_idx";--> statement-breakpoint
CREATE INDEX "proposals_type_id_idx" ON "proposals" ("proposal_type", "id") INCLUDE ("status_type", "consultant_id", "proposal_date");--> statement-breakpoint
-- 3. The history count per row (other proposals at the same place) from the index alone. The planner
--    takes an index-only scan of an expression index only when the expressions' columns are in it too.
DROP INDEX IF EXISTS "proposals_place_key_idx";--> statement-breakpoint
CREATE INDEX "proposals_place_key_idx" ON "proposals" ("village_id", (coalesce("road_id", 0)), (coalesce("rt_number", '')), (coalesce("rw_number", ''))) INCLUDE ("id", "road_id", "rt_number", "rw_number");--> statement-breakpoint
-- 4. Sorting by name with the list's tie-break (id, newest first): read forwards for the front half,
--    backwards for the back half, from the index alone.
DROP INDEX IF EXISTS "proposals_type_proposer_name_idx";--> statement-breakpoint
CREATE INDEX "proposals_type_proposer_name_idx" ON "proposals" ("proposal_type", "proposer_name", "id" DESC);
