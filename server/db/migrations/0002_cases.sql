CREATE TABLE "case_counts" (
	"game" varchar(8) NOT NULL,
	"status" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "case_counts_game_status_pk" PRIMARY KEY("game","status")
);
--> statement-breakpoint
CREATE TABLE "daily_stats" (
	"day" varchar(10) PRIMARY KEY NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	"replies" integer DEFAULT 0 NOT NULL,
	"judgements" integer DEFAULT 0 NOT NULL,
	"appeals" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "name_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"origin_name" varchar(64) NOT NULL,
	"name_key" varchar(64) NOT NULL,
	"from_time" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"to_time" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"origin_user_id" varchar(20) NOT NULL,
	"origin_persona_id" varchar(20) NOT NULL,
	"origin_name" varchar(64) NOT NULL,
	"avatar_link" varchar(512),
	"games" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cheat_methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"status_time" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"hacker_level" smallint,
	"appeal_status" varchar(16),
	"view_num" integer DEFAULT 0 NOT NULL,
	"comments_num" integer DEFAULT 0 NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"create_time" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"user_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"create_time" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_user_id_player_id_pk" PRIMARY KEY("user_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "timeline" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(16) NOT NULL,
	"player_id" integer NOT NULL,
	"to_origin_user_id" varchar(20) NOT NULL,
	"to_origin_persona_id" varchar(20) NOT NULL,
	"to_origin_name" varchar(64) NOT NULL,
	"by_user_id" integer,
	"content" text DEFAULT '' NOT NULL,
	"extra" jsonb,
	"video_link" text,
	"cheat_game" varchar(8),
	"cheat_methods" jsonb,
	"quote_id" integer,
	"judge_action" varchar(16),
	"hacker_level" smallint,
	"appeal_status" varchar(16),
	"viewed_admins" jsonb,
	"valid" boolean DEFAULT true NOT NULL,
	"create_time" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "name_history" ADD CONSTRAINT "name_history_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline" ADD CONSTRAINT "timeline_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "name_history_player_name_uq" ON "name_history" USING btree ("player_id","origin_name");--> statement-breakpoint
CREATE INDEX "name_history_key_trgm" ON "name_history" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "players_origin_user_id_uq" ON "players" USING btree ("origin_user_id");--> statement-breakpoint
CREATE INDEX "players_persona_idx" ON "players" USING btree ("origin_persona_id");--> statement-breakpoint
CREATE INDEX "players_create_idx" ON "players" USING btree ("create_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "players_update_idx" ON "players" USING btree ("update_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "players_status_create_idx" ON "players" USING btree ("status","create_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "players_status_update_idx" ON "players" USING btree ("status","update_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "players_views_idx" ON "players" USING btree ("view_num" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "players_comments_idx" ON "players" USING btree ("comments_num" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "players_games_idx" ON "players" USING gin ("games");--> statement-breakpoint
CREATE INDEX "subscriptions_player_idx" ON "subscriptions" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "timeline_player_idx" ON "timeline" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "timeline_player_type_idx" ON "timeline" USING btree ("player_id","type","id");--> statement-breakpoint
CREATE INDEX "timeline_user_type_idx" ON "timeline" USING btree ("by_user_id","type","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "timeline_type_time_idx" ON "timeline" USING btree ("type","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "timeline_time_idx" ON "timeline" USING btree ("create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "timeline_content_trgm" ON "timeline" USING gin (lower("content") gin_trgm_ops);