DROP INDEX "name_history_key_trgm";--> statement-breakpoint
DROP INDEX "timeline_player_idx";--> statement-breakpoint
DROP INDEX "timeline_type_time_idx";--> statement-breakpoint
CREATE INDEX "name_history_word_trgm" ON "name_history" USING gin (translate("name_key", '_', '0') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "players_bf1_create_idx" ON "players" USING btree ("create_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "players"."valid" and "players"."games" @> '["bf1"]'::jsonb;--> statement-breakpoint
CREATE INDEX "players_bf1_update_idx" ON "players" USING btree ("update_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "players"."valid" and "players"."games" @> '["bf1"]'::jsonb;--> statement-breakpoint
CREATE INDEX "players_bf3_create_idx" ON "players" USING btree ("create_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "players"."valid" and "players"."games" @> '["bf3"]'::jsonb;--> statement-breakpoint
CREATE INDEX "players_bf3_update_idx" ON "players" USING btree ("update_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "players"."valid" and "players"."games" @> '["bf3"]'::jsonb;--> statement-breakpoint
CREATE INDEX "players_bf4_create_idx" ON "players" USING btree ("create_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "players"."valid" and "players"."games" @> '["bf4"]'::jsonb;--> statement-breakpoint
CREATE INDEX "players_bf4_update_idx" ON "players" USING btree ("update_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "players"."valid" and "players"."games" @> '["bf4"]'::jsonb;--> statement-breakpoint
CREATE INDEX "players_bfv_create_idx" ON "players" USING btree ("create_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "players"."valid" and "players"."games" @> '["bfv"]'::jsonb;--> statement-breakpoint
CREATE INDEX "players_bfv_update_idx" ON "players" USING btree ("update_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "players"."valid" and "players"."games" @> '["bfv"]'::jsonb;--> statement-breakpoint
CREATE INDEX "players_bf6_create_idx" ON "players" USING btree ("create_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "players"."valid" and "players"."games" @> '["bf6"]'::jsonb;--> statement-breakpoint
CREATE INDEX "players_bf6_update_idx" ON "players" USING btree ("update_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "players"."valid" and "players"."games" @> '["bf6"]'::jsonb;--> statement-breakpoint
CREATE INDEX "timeline_player_idx" ON "timeline" USING btree ("player_id","id","type","valid");--> statement-breakpoint
CREATE INDEX "timeline_type_time_idx" ON "timeline" USING btree ("type","create_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- How common each trigram of the name keys is (sampled by ANALYZE): name search leaves the most
-- common ones out of its index lookup, which then costs little, and checks the whole pattern on the rows found.
CREATE STATISTICS IF NOT EXISTS "name_history_trgm_freq" ON (show_trgm(translate("name_key", '_', '0'))) FROM "name_history";--> statement-breakpoint
ANALYZE "name_history";
