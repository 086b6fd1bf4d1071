DROP INDEX "announcements_name_version_uq";--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "language" varchar(16) DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "announcements_name_language_version_uq" ON "announcements" USING btree ("name","language","version");