-- A notification that names an account other than its parties keeps that account and the notice it was
-- written from, so its content can follow the account's name (expand only: older rows keep nulls).
ALTER TABLE "messages" ADD COLUMN "about_user_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "notice" jsonb;--> statement-breakpoint
CREATE INDEX "messages_about_idx" ON "messages" USING btree ("about_user_id") WHERE "messages"."about_user_id" is not null;