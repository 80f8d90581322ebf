-- Issue 11: the detail table's total from the import's own count (imports never change), and its sort by
-- year from an index of the import's rows.
ALTER TABLE "completed_work_imports" ADD COLUMN "work_count" integer;--> statement-breakpoint
UPDATE "completed_work_imports" AS i SET "work_count" = (SELECT count(*) FROM "completed_works" AS w WHERE w."import_id" = i."id");--> statement-breakpoint
CREATE INDEX "completed_works_import_year_idx" ON "completed_works" USING btree ("import_id","year","id");
