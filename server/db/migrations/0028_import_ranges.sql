CREATE TABLE "import_deferred_indexes" (
	"index_name" varchar(128) PRIMARY KEY NOT NULL,
	"table_name" varchar(64) NOT NULL,
	"definition" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_progress" ADD COLUMN "site_from" bigint;