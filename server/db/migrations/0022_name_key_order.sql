DROP INDEX "name_history_key_length_idx";--> statement-breakpoint
CREATE INDEX "name_history_key_order_idx" ON "name_history" USING btree (("name_key" collate "C"),"id" DESC NULLS LAST,"player_id");--> statement-breakpoint
CREATE INDEX "players_visible_idx" ON "players" USING btree ("id") WHERE "players"."valid";