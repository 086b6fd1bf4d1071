-- Every distinct 4 characters of a word, for the name search index (a name's key read as one word).
CREATE OR REPLACE FUNCTION name_quadgrams(w text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(w, i, 4)), '{}'::text[]) FROM generate_series(1, length(w) - 3) AS i
$$;--> statement-breakpoint
CREATE INDEX "name_history_quadgram_idx" ON "name_history" USING gin (name_quadgrams(translate("name_key", '_', '0')));--> statement-breakpoint
-- Name search now reads how common each 4 characters are from this index's statistics.
DROP STATISTICS IF EXISTS "name_history_trgm_freq";--> statement-breakpoint
ANALYZE "name_history";
