DROP INDEX "timeline_time_idx";--> statement-breakpoint
CREATE INDEX "timeline_time_idx" ON "timeline" USING btree ("create_time" DESC NULLS LAST,"id" DESC NULLS LAST);