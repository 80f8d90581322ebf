-- Issue 11: the dashboard's lines are now encoded at precision 5 (was 6). Clearing the stored encodings
-- makes the next start re-encode every line from its coordinates (db/fill-encoded-lines.ts, in batches).
UPDATE "completed_works" SET "encoded_lines" = NULL WHERE "encoded_lines" IS NOT NULL;--> statement-breakpoint
UPDATE "survey_roads" SET "encoded_paths" = NULL WHERE "encoded_paths" IS NOT NULL;
