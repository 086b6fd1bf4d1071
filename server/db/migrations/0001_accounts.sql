CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(40) NOT NULL,
	"password_hash" text NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"privileges" jsonb DEFAULT '["normal"]'::jsonb NOT NULL,
	"attr" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"origin_name" varchar(64),
	"origin_user_id" varchar(20),
	"origin_persona_id" varchar(20),
	"origin_email" varchar(254),
	"signout_time" timestamp (3) with time zone,
	"create_time" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"code" varchar(128) PRIMARY KEY NOT NULL,
	"type" varchar(16) NOT NULL,
	"user_id" integer,
	"username" varchar(40),
	"password_hash" text,
	"origin_name" varchar(64),
	"origin_user_id" varchar(20),
	"origin_persona_id" varchar(20),
	"origin_email" varchar(254),
	"language" varchar(16),
	"register_ip" varchar(64),
	"expires_time" timestamp (3) with time zone NOT NULL,
	"create_time" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room" varchar(64) NOT NULL,
	"seq" bigint NOT NULL,
	"name" varchar(64) NOT NULL,
	"payload" jsonb NOT NULL,
	"create_time" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_sequences" (
	"room" varchar(64) PRIMARY KEY NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_origin_user_id_uq" ON "users" USING btree ("origin_user_id");--> statement-breakpoint
CREATE INDEX "users_origin_email_idx" ON "users" USING btree ("origin_email");--> statement-breakpoint
CREATE INDEX "users_username_trgm" ON "users" USING gin (lower("username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "verifications_type_username_idx" ON "verifications" USING btree ("type",lower("username"));--> statement-breakpoint
CREATE INDEX "verifications_type_origin_idx" ON "verifications" USING btree ("type","origin_user_id");--> statement-breakpoint
CREATE INDEX "verifications_expires_idx" ON "verifications" USING btree ("expires_time");--> statement-breakpoint
CREATE UNIQUE INDEX "realtime_events_room_seq_uq" ON "realtime_events" USING btree ("room","seq");--> statement-breakpoint
CREATE INDEX "realtime_events_time_idx" ON "realtime_events" USING btree ("create_time");