DROP INDEX "players_create_idx";--> statement-breakpoint
DROP INDEX "players_update_idx";--> statement-breakpoint
DROP INDEX "players_status_create_idx";--> statement-breakpoint
DROP INDEX "players_status_update_idx";--> statement-breakpoint
DROP INDEX "players_views_idx";--> statement-breakpoint
DROP INDEX "players_comments_idx";--> statement-breakpoint
CREATE INDEX "players_create_idx" ON "players" USING btree ("create_time" DESC NULLS LAST,"id" DESC NULLS LAST,"valid");--> statement-breakpoint
CREATE INDEX "players_update_idx" ON "players" USING btree ("update_time" DESC NULLS LAST,"id" DESC NULLS LAST,"valid");--> statement-breakpoint
CREATE INDEX "players_status_create_idx" ON "players" USING btree ("status","create_time" DESC NULLS LAST,"id" DESC NULLS LAST,"valid");--> statement-breakpoint
CREATE INDEX "players_status_update_idx" ON "players" USING btree ("status","update_time" DESC NULLS LAST,"id" DESC NULLS LAST,"valid");--> statement-breakpoint
CREATE INDEX "players_views_idx" ON "players" USING btree ("view_num" DESC NULLS LAST,"id" DESC NULLS LAST,"valid");--> statement-breakpoint
CREATE INDEX "players_comments_idx" ON "players" USING btree ("comments_num" DESC NULLS LAST,"id" DESC NULLS LAST,"valid");