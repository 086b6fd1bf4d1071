CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"by_user_id" integer NOT NULL,
	"mime_type" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_time" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "files_name_uq" ON "files" USING btree ("name");--> statement-breakpoint
CREATE INDEX "files_user_idx" ON "files" USING btree ("by_user_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "players_suspect_deadline_idx" ON "players" USING btree ("status_time") WHERE "players"."status" = 2;