ALTER TABLE "completed_works" ADD COLUMN "encoded_lines" text[];--> statement-breakpoint
ALTER TABLE "survey_roads" ADD COLUMN "encoded_paths" text[];