-- A trigram index per type tab on the searched text. The tab's search (every list search names one) then
-- reads only the posting lists of its own type: at a million proposals the combined index of migration
-- 0006 first reads the tab's whole posting list (300,000 entries, 20-50 ms) to AND it with the trigrams'.
-- The combined index stays for searches without a type (the map's search).
CREATE INDEX IF NOT EXISTS "proposals_search_taruna_idx" ON "proposals" USING gin ("search_text" gin_trgm_ops) WHERE "proposal_type" = 'taruna';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "proposals_search_umum_idx" ON "proposals" USING gin ("search_text" gin_trgm_ops) WHERE "proposal_type" = 'umum';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "proposals_search_pokir_idx" ON "proposals" USING gin ("search_text" gin_trgm_ops) WHERE "proposal_type" = 'pokir';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "proposals_search_musrenbang_idx" ON "proposals" USING gin ("search_text" gin_trgm_ops) WHERE "proposal_type" = 'musrenbang';
