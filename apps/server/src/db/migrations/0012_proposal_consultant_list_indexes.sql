DROP INDEX "proposals_consultant_status_idx";--> statement-breakpoint
CREATE INDEX "proposals_consultant_id_idx" ON "proposals" USING btree ("consultant_id","id");--> statement-breakpoint
CREATE INDEX "proposals_consultant_status_idx" ON "proposals" USING btree ("consultant_id","status_type","proposal_type","created_at");