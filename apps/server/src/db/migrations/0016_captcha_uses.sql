CREATE TABLE "captcha_uses" (
	"challenge_id" varchar(128) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "captcha_uses_expires_idx" ON "captcha_uses" USING btree ("expires_at");