-- The per-block proposal counts placed a deep page in id order; a page is now read from the nearer end of
-- its list with the indexes alone, so the table and its triggers go.
DROP TRIGGER IF EXISTS "proposals_blocks_insert" ON "proposals";--> statement-breakpoint
DROP TRIGGER IF EXISTS "proposals_blocks_update" ON "proposals";--> statement-breakpoint
DROP TRIGGER IF EXISTS "proposals_blocks_delete" ON "proposals";--> statement-breakpoint
DROP FUNCTION IF EXISTS "proposal_blocks_apply"();--> statement-breakpoint
DROP TABLE IF EXISTS "proposal_blocks";
