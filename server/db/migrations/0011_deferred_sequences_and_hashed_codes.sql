ALTER TABLE "realtime_events" ALTER COLUMN "seq" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "realtime_events_pending_idx" ON "realtime_events" USING btree ("id") WHERE "realtime_events"."seq" is null;--> statement-breakpoint
-- Verification codes are kept only as their SHA-256: a copy of the database opens no account.
UPDATE "verifications" SET "code" = encode(sha256(convert_to("code", 'UTF8')), 'hex');
