CREATE TABLE "imported_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "imported_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(40) NOT NULL,
	"sha256" char(64) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"item_count" integer NOT NULL,
	"imported_by_id" integer,
	"completed_work_import_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imported_files" ADD CONSTRAINT "imported_files_imported_by_id_users_id_fk" FOREIGN KEY ("imported_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_files" ADD CONSTRAINT "imported_files_completed_work_import_id_completed_work_imports_id_fk" FOREIGN KEY ("completed_work_import_id") REFERENCES "public"."completed_work_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "imported_files_kind_sha256_unique" ON "imported_files" USING btree ("kind","sha256");--> statement-breakpoint
CREATE INDEX "imported_files_completed_work_import_idx" ON "imported_files" USING btree ("completed_work_import_id");