-- Counters kept by triggers, so statistics read a few rows instead of scanning cases (docs/architecture.md#database-conventions).
CREATE FUNCTION tribunal_day(t timestamptz) RETURNS varchar LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD')
$$;
--> statement-breakpoint
CREATE FUNCTION tribunal_bump_daily(d varchar, col text, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('INSERT INTO daily_stats (day, %1$I) VALUES ($1, $2) ON CONFLICT (day) DO UPDATE SET %1$I = daily_stats.%1$I + $2', col)
    USING d, delta;
END $$;
--> statement-breakpoint
CREATE FUNCTION tribunal_bump_case_counts(games jsonb, st smallint, delta integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE g text;
BEGIN
  INSERT INTO case_counts (game, status, count) VALUES ('*', st, delta)
    ON CONFLICT (game, status) DO UPDATE SET count = case_counts.count + delta;
  FOR g IN SELECT jsonb_array_elements_text(games) LOOP
    INSERT INTO case_counts (game, status, count) VALUES (g, st, delta)
      ON CONFLICT (game, status) DO UPDATE SET count = case_counts.count + delta;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION tribunal_players_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.valid THEN
    PERFORM tribunal_bump_case_counts(OLD.games, OLD.status, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.valid THEN
    PERFORM tribunal_bump_case_counts(NEW.games, NEW.status, 1);
  END IF;
  IF TG_OP = 'INSERT' AND NEW.valid THEN
    PERFORM tribunal_bump_daily(tribunal_day(NEW.create_time), 'players', 1);
    IF NEW.status = 1 THEN PERFORM tribunal_bump_daily(tribunal_day(now()), 'confirmed', 1); END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF (OLD.valid AND OLD.status = 1) AND NOT (NEW.valid AND NEW.status = 1) THEN
      PERFORM tribunal_bump_daily(tribunal_day(now()), 'confirmed', -1);
    ELSIF (NEW.valid AND NEW.status = 1) AND NOT (OLD.valid AND OLD.status = 1) THEN
      PERFORM tribunal_bump_daily(tribunal_day(now()), 'confirmed', 1);
    END IF;
    IF OLD.valid <> NEW.valid THEN
      PERFORM tribunal_bump_daily(tribunal_day(NEW.create_time), 'players', CASE WHEN NEW.valid THEN 1 ELSE -1 END);
    END IF;
  ELSIF TG_OP = 'DELETE' AND OLD.valid THEN
    PERFORM tribunal_bump_daily(tribunal_day(OLD.create_time), 'players', -1);
    IF OLD.status = 1 THEN PERFORM tribunal_bump_daily(tribunal_day(now()), 'confirmed', -1); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER players_counters AFTER INSERT OR DELETE OR UPDATE OF status, games, valid ON players
  FOR EACH ROW EXECUTE FUNCTION tribunal_players_counters();
--> statement-breakpoint
CREATE FUNCTION tribunal_users_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tribunal_bump_daily(tribunal_day(NEW.create_time), 'users', 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_counters AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION tribunal_users_counters();
--> statement-breakpoint
CREATE FUNCTION tribunal_timeline_counters() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE col text;
BEGIN
  col := CASE NEW.type WHEN 'report' THEN 'reports' WHEN 'reply' THEN 'replies' WHEN 'judgement' THEN 'judgements' WHEN 'banAppeal' THEN 'appeals' ELSE NULL END;
  IF col IS NOT NULL THEN PERFORM tribunal_bump_daily(tribunal_day(NEW.create_time), col, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER timeline_counters AFTER INSERT ON timeline FOR EACH ROW EXECUTE FUNCTION tribunal_timeline_counters();
