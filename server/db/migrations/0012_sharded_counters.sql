-- The trigger-kept counters were one row per key, updated inside every writing transaction and
-- locked until its commit: parallel reports on different cases queued on them. Each key now has
-- up to 16 rows; a transaction writes the shard of its own id, readers sum the shards.
ALTER TABLE "case_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_stats" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "case_counts" DROP CONSTRAINT "case_counts_game_status_pk";--> statement-breakpoint
ALTER TABLE "daily_stats" DROP CONSTRAINT "daily_stats_pkey";--> statement-breakpoint
ALTER TABLE "case_counts" ADD CONSTRAINT "case_counts_game_status_shard_pk" PRIMARY KEY("game","status","shard");--> statement-breakpoint
ALTER TABLE "daily_stats" ADD CONSTRAINT "daily_stats_day_shard_pk" PRIMARY KEY("day","shard");--> statement-breakpoint
-- One shard per transaction (not per statement), so a transaction's counter rows are always taken in the same order.
CREATE FUNCTION tribunal_counter_shard() RETURNS smallint LANGUAGE sql VOLATILE AS $$
  SELECT (txid_current() % 16)::smallint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tribunal_bump_daily(d varchar, col text, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('INSERT INTO daily_stats (day, shard, %1$I) VALUES ($1, $3, $2) ON CONFLICT (day, shard) DO UPDATE SET %1$I = daily_stats.%1$I + $2', col)
    USING d, delta, tribunal_counter_shard();
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tribunal_bump_case_counts(games jsonb, st smallint, delta integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE g text;
DECLARE s smallint := tribunal_counter_shard();
BEGIN
  INSERT INTO case_counts (game, status, shard, count) VALUES ('*', st, s, delta)
    ON CONFLICT (game, status, shard) DO UPDATE SET count = case_counts.count + delta;
  FOR g IN SELECT jsonb_array_elements_text(games) ORDER BY 1 LOOP
    INSERT INTO case_counts (game, status, shard, count) VALUES (g, st, s, delta)
      ON CONFLICT (game, status, shard) DO UPDATE SET count = case_counts.count + delta;
  END LOOP;
END $$;
