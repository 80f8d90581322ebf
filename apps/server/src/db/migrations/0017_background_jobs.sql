CREATE TABLE "background_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" varchar(40) NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"created_by_id" integer NOT NULL,
	"input" jsonb NOT NULL,
	"input_key" text,
	"step" varchar(60) NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"result" jsonb,
	"message" text,
	"output_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"queue_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "background_jobs" ADD CONSTRAINT "background_jobs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "background_jobs_status_idx" ON "background_jobs" USING btree ("status","heartbeat_at");--> statement-breakpoint
CREATE INDEX "background_jobs_created_idx" ON "background_jobs" USING btree ("created_at");