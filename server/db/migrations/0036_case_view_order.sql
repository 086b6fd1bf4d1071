-- The order of cases by views moves to a narrow table of its own. A stored view changed
-- `players.view_num`, which two of the cases' list indexes held: every stored view wrote a new row
-- version into all 25 indexes of `players`, in pages all over them (at 1,000,000 cases most of the
-- database's work on the case page). With no index of `players` holding `view_num`, PostgreSQL
-- writes a view's row version beside the old one (a HOT update, given room in the page: the fill
-- factor below leaves it) and only `case_view_order`'s two narrow indexes take the new count.
-- Expand only for the reads: old nodes still sort by `players.view_num`, without an index, until
-- they are replaced.
CREATE TABLE "case_view_order" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"status" smallint NOT NULL,
	"valid" boolean NOT NULL,
	"games" jsonb NOT NULL,
	"view_num" integer NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION tribunal_case_view_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO case_view_order (case_id, status, valid, games, view_num) VALUES (NEW.id, NEW.status, NEW.valid, NEW.games, NEW.view_num)
    ON CONFLICT (case_id) DO UPDATE SET status = EXCLUDED.status, valid = EXCLUDED.valid, games = EXCLUDED.games, view_num = EXCLUDED.view_num
    WHERE (case_view_order.status, case_view_order.valid, case_view_order.games, case_view_order.view_num)
      IS DISTINCT FROM (EXCLUDED.status, EXCLUDED.valid, EXCLUDED.games, EXCLUDED.view_num);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER players_view_order AFTER INSERT OR UPDATE OF status, valid, games, view_num ON players
  FOR EACH ROW EXECUTE FUNCTION tribunal_case_view_order();
--> statement-breakpoint
INSERT INTO "case_view_order" ("case_id", "status", "valid", "games", "view_num") SELECT "id", "status", "valid", "games", "view_num" FROM "players";--> statement-breakpoint
ALTER TABLE "case_view_order" ADD CONSTRAINT "case_view_order_case_id_players_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The games beside the keys: a list of one game by views filters them in the index, reading no row.
CREATE INDEX "case_view_order_views_idx" ON "case_view_order" USING btree ("view_num" DESC NULLS LAST,"case_id" DESC NULLS LAST,"valid") INCLUDE ("games");--> statement-breakpoint
CREATE INDEX "case_view_order_status_views_idx" ON "case_view_order" USING btree ("status","view_num" DESC NULLS LAST,"case_id" DESC NULLS LAST,"valid") INCLUDE ("games");--> statement-breakpoint
-- Vacuumed as often as the cases (migration 0033): lists by views read their pages' ids from these
-- indexes alone, which skips the table only on pages a vacuum marked all-visible.
ALTER TABLE "case_view_order" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01);--> statement-breakpoint
ANALYZE "case_view_order";--> statement-breakpoint
-- A tenth of each page of cases left free for the new versions of its rows (new pages; full ones
-- gain room as the versions that left them are cleared).
ALTER TABLE "players" SET (fillfactor = 90);--> statement-breakpoint
DROP INDEX "players_status_views_idx";--> statement-breakpoint
DROP INDEX "players_views_idx";
