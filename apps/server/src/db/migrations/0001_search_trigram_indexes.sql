-- The lists search with ILIKE '%text%' (case-insensitive 'contains'); trigram GIN indexes let PostgreSQL
-- answer that from an index instead of scanning every row.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "roads_name_trgm_idx" ON "roads" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "road_types_name_trgm_idx" ON "road_types" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "photo_categories_name_trgm_idx" ON "photo_categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "asb_surveyors_name_trgm_idx" ON "asb_surveyors" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "work_notes_name_trgm_idx" ON "work_notes" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subdistricts_name_trgm_idx" ON "subdistricts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "villages_name_trgm_idx" ON "villages" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consultants_name_trgm_idx" ON "consultants" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "type_work_colors_type_work_trgm_idx" ON "type_work_colors" USING gin ("type_work" gin_trgm_ops);
