ALTER TABLE "files" ADD COLUMN "original_name" varchar(255);--> statement-breakpoint
ALTER TABLE "upload_sessions" ADD COLUMN "original_name" varchar(255);--> statement-breakpoint
CREATE INDEX "files_original_name_trgm" ON "files" USING gin (lower("original_name") gin_trgm_ops);