CREATE TABLE "media_quotas" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"total_bytes" bigint DEFAULT 0 NOT NULL,
	"day_bytes" bigint DEFAULT 0 NOT NULL,
	"day_files" integer DEFAULT 0 NOT NULL,
	"day_start" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(80) NOT NULL,
	"mime_type" varchar(64) NOT NULL,
	"size" bigint NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"create_time" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "kind" varchar(16) DEFAULT 'archive' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "state" varchar(16) DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "upload_sessions_expires_idx" ON "upload_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "files_kind_state_idx" ON "files" USING btree ("kind","state","create_time" DESC NULLS LAST);--> statement-breakpoint
UPDATE "files" SET "kind" = 'image' WHERE "mime_type" LIKE 'image/%';--> statement-breakpoint
INSERT INTO "media_quotas" ("user_id", "total_bytes") SELECT "by_user_id", sum("size") FROM "files" GROUP BY "by_user_id";
