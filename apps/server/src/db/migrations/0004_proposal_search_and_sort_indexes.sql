-- One trigram index over the searched text of a proposal (proposer, phone, address joined by a unit
-- separator nobody types, so no match spans two fields): the list's OR becomes one index scan plus the
-- literal id lists of matching roads, villages and consultants. It replaces the three single-column ones.
CREATE INDEX IF NOT EXISTS "proposals_search_trgm_idx" ON "proposals" USING gin ((("proposer_name" || E'\x1f' || "phone_number" || E'\x1f' || "address")) gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "proposals_proposer_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "proposals_phone_number_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "proposals_address_trgm_idx";--> statement-breakpoint
-- Sorting a tab by proposer name walks this index instead of sorting the whole tab.
CREATE INDEX IF NOT EXISTS "proposals_type_proposer_name_idx" ON "proposals" ("proposal_type", "proposer_name");
