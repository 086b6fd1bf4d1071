-- What each table's rows of an import pass came to, kept with its position, so that a run resumed after
-- a stop counts what the runs before it did too (expand only: defaults, older imports count 0).
ALTER TABLE "import_progress" ADD COLUMN "rows_adjusted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_progress" ADD COLUMN "rows_skipped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_progress" ADD COLUMN "rows_deleted" integer DEFAULT 0 NOT NULL;