ALTER TABLE "surveys" ADD COLUMN "road_condition" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "canal_existing" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "canal_condition" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "survey_roads" DROP COLUMN "road_condition";--> statement-breakpoint
ALTER TABLE "survey_roads" DROP COLUMN "canal_existing";--> statement-breakpoint
ALTER TABLE "survey_roads" DROP COLUMN "canal_condition";