CREATE TABLE "import_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" varchar(160) NOT NULL,
	"table_name" varchar(32) NOT NULL,
	"row_key" varchar(64) NOT NULL,
	"column_name" varchar(64) NOT NULL,
	"value" text,
	"why" text NOT NULL,
	"refused" boolean NOT NULL,
	"create_time" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_progress" (
	"source" varchar(160) NOT NULL,
	"table_name" varchar(32) NOT NULL,
	"pass" varchar(40) DEFAULT 'full' NOT NULL,
	"last_key" bigint DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"rows_refused" integer DEFAULT 0 NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"update_time" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_progress_source_table_name_pk" PRIMARY KEY("source","table_name")
);
--> statement-breakpoint
CREATE TABLE "import_sources" (
	"source" varchar(160) PRIMARY KEY NOT NULL,
	"first_start" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"complete_time" timestamp (3) with time zone,
	"admin_log_id" integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX "import_issues_row_uq" ON "import_issues" USING btree ("source","table_name","row_key","column_name");--> statement-breakpoint
CREATE INDEX "import_issues_source_idx" ON "import_issues" USING btree ("source","refused");