-- Cases are vacuumed after 1 % of them changed or were added, not PostgreSQL's 20 %. The case lists
-- read the page's ids from their indexes alone (server/modules/cases/list.ts), which skips the table
-- only on pages the visibility map marks all-visible; views and replies change cases all day and
-- clear those marks until a vacuum sets them again. With 20 % a list page deep in the pager read the
-- table for each row it skipped (8 ms at 1,000,000 cases, 0.5 ms after a vacuum). The embedded
-- database's own maintenance (server/db/vacuum.ts) reads the same parameters.
ALTER TABLE "players" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01);
