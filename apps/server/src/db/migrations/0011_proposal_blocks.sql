-- Proposal counts per block of 16,384 ids (PROPOSAL_ID_BLOCK in proposal.queries.ts), type, status and
-- consultant, with consultant 0 holding every consultant's: a page deep in id order starts at its block's
-- first id and skips only the rows before it inside that block (at most a block's worth, whatever the
-- page number), instead of an OFFSET over every row of the pages before it. Kept by statement-level
-- triggers like proposal_counts (migration 0005): one grouped upsert per statement.
CREATE TABLE IF NOT EXISTS "proposal_blocks" (
  "consultant_id" integer NOT NULL,
  "proposal_type" "proposal_type" NOT NULL,
  "status_type" "status_type" NOT NULL,
  "block" integer NOT NULL,
  "total" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("consultant_id", "proposal_type", "status_type", "block")
);--> statement-breakpoint
INSERT INTO "proposal_blocks"
  SELECT c, "proposal_type", "status_type", "id" / 16384, count(*)
  FROM "proposals" CROSS JOIN LATERAL (VALUES ("consultant_id"), (0)) AS v(c) GROUP BY 1, 2, 3, 4
  ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "proposal_blocks_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO proposal_blocks AS b (consultant_id, proposal_type, status_type, block, total)
      SELECT v.c, proposal_type, status_type, id / 16384, -count(*)
      FROM old_rows CROSS JOIN LATERAL (VALUES (consultant_id), (0)) AS v(c) GROUP BY 1, 2, 3, 4
      ON CONFLICT (consultant_id, proposal_type, status_type, block) DO UPDATE SET total = b.total + excluded.total;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO proposal_blocks AS b (consultant_id, proposal_type, status_type, block, total)
      SELECT v.c, proposal_type, status_type, id / 16384, count(*)
      FROM new_rows CROSS JOIN LATERAL (VALUES (consultant_id), (0)) AS v(c) GROUP BY 1, 2, 3, 4
      ON CONFLICT (consultant_id, proposal_type, status_type, block) DO UPDATE SET total = b.total + excluded.total;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "proposals_blocks_insert" AFTER INSERT ON "proposals" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "proposal_blocks_apply"();--> statement-breakpoint
CREATE TRIGGER "proposals_blocks_update" AFTER UPDATE ON "proposals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "proposal_blocks_apply"();--> statement-breakpoint
CREATE TRIGGER "proposals_blocks_delete" AFTER DELETE ON "proposals" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "proposal_blocks_apply"();
