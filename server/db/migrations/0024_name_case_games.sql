-- Each name carries its case's games, and the three name indexes hold them beside the name's key or grams:
-- a search in one game intersects both inside the index instead of joining every name of a common
-- part to its case ('oid' in bfv on a million cases: 85-94 ms of three processes against 5.5 ms).
-- Cases keep their games until the triggers below exist for everyone (this commits): a game given
-- to a case by another node meanwhile would miss its names. Reads go on; the names are locked anyway.
LOCK TABLE "players" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
DROP INDEX "name_history_word_trgm";--> statement-breakpoint
DROP INDEX "name_history_quadgram_idx";--> statement-breakpoint
DROP INDEX "name_history_key_order_idx";--> statement-breakpoint
ALTER TABLE "name_history" ADD COLUMN "case_games" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "name_history" AS n SET "case_games" = p."games" FROM "players" AS p WHERE p."id" = n."player_id" AND p."games" <> '[]'::jsonb;--> statement-breakpoint
-- A name takes its case's games when written; a case's new games reach all of its names.
CREATE FUNCTION tribunal_name_case_games() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.case_games := coalesce((SELECT games FROM players WHERE id = NEW.player_id), '[]'::jsonb);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER name_history_case_games BEFORE INSERT OR UPDATE OF player_id, case_games ON name_history
  FOR EACH ROW EXECUTE FUNCTION tribunal_name_case_games();
--> statement-breakpoint
CREATE FUNCTION tribunal_case_games_to_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE name_history SET case_games = NEW.games WHERE player_id = NEW.id AND case_games IS DISTINCT FROM NEW.games;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER players_games_to_names AFTER UPDATE OF games ON players
  FOR EACH ROW WHEN (OLD.games IS DISTINCT FROM NEW.games) EXECUTE FUNCTION tribunal_case_games_to_names();
--> statement-breakpoint
CREATE INDEX "name_history_word_trgm" ON "name_history" USING gin (translate("name_key", '_', '0') gin_trgm_ops,"case_games" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "name_history_quadgram_idx" ON "name_history" USING gin (name_quadgrams(translate("name_key", '_', '0')),"case_games" jsonb_path_ops);--> statement-breakpoint
-- The names that start with a key, with their games: counted in one game from the index alone.
CREATE INDEX "name_history_key_order_idx" ON "name_history" USING btree (("name_key" collate "C"),"id" DESC NULLS LAST,"player_id","case_games");--> statement-breakpoint
ANALYZE "name_history";
