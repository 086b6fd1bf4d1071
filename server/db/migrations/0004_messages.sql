CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"by_user_id" integer,
	"to_user_id" integer,
	"type" varchar(16) NOT NULL,
	"content" text NOT NULL,
	"player_id" integer,
	"have_read" boolean DEFAULT false NOT NULL,
	"create_time" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "messages_to_idx" ON "messages" USING btree ("to_user_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_by_idx" ON "messages" USING btree ("by_user_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_type_idx" ON "messages" USING btree ("type","create_time" DESC NULLS LAST);