DROP INDEX "completed_works_import_idx";--> statement-breakpoint
CREATE INDEX "completed_works_package_idx" ON "completed_works" USING btree ("import_id","package_name");--> statement-breakpoint
CREATE INDEX "completed_works_package_length_idx" ON "completed_works" USING btree ("import_id","package_length");--> statement-breakpoint
CREATE INDEX "completed_works_location_length_idx" ON "completed_works" USING btree ("import_id","location_length");--> statement-breakpoint
CREATE INDEX "completed_works_location_idx" ON "completed_works" USING btree ("location");--> statement-breakpoint
CREATE INDEX "completed_works_package_name_trgm_idx" ON "completed_works" USING gin ("package_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "completed_works_location_trgm_idx" ON "completed_works" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "completed_works_import_idx" ON "completed_works" USING btree ("import_id","id");