-- Proposal lists (GET proposal): searched with ILIKE over proposer, phone and address; filtered by type and
-- sorted by id; and grouped by place (village, road, RT, RW) for the history count and the place history.
CREATE INDEX IF NOT EXISTS "proposals_proposer_name_trgm_idx" ON "proposals" USING gin ("proposer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "proposals_phone_number_trgm_idx" ON "proposals" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "proposals_address_trgm_idx" ON "proposals" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "proposals_type_id_idx" ON "proposals" ("proposal_type", "id");--> statement-breakpoint
-- The place key with "none" as 0 or '': the same expression the queries compare, so one index answers both.
CREATE INDEX IF NOT EXISTS "proposals_place_key_idx" ON "proposals" ("village_id", (coalesce("road_id", 0)), (coalesce("rt_number", '')), (coalesce("rw_number", '')));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "proposal_files_kind_idx" ON "proposal_files" ("proposal_id", "kind", "id");
