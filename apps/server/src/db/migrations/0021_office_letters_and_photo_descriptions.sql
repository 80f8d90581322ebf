CREATE TABLE "letter_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"letter_number_format" varchar(120) NOT NULL,
	"sifat" varchar(40) NOT NULL,
	"crest_storage_key" text,
	"crest_name" varchar(255),
	"crest_mime_type" varchar(100),
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "office_settings_one_row" CHECK ("office_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "survey_report_letters" (
	"survey_id" integer PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"letter_number" varchar(160) NOT NULL,
	"sifat" varchar(40) NOT NULL,
	"numbered_by_id" integer,
	"numbered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "survey_photos" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "office_settings" ADD CONSTRAINT "office_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_report_letters" ADD CONSTRAINT "survey_report_letters_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_report_letters" ADD CONSTRAINT "survey_report_letters_numbered_by_id_users_id_fk" FOREIGN KEY ("numbered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_report_letters_year_number_unique" ON "survey_report_letters" USING btree ("year","number");