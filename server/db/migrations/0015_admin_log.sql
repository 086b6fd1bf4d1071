CREATE TABLE "admin_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"action" varchar(48) NOT NULL,
	"target_user_id" integer,
	"target_case_id" integer,
	"target_entry_id" integer,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_time" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_log_time_idx" ON "admin_log" USING btree ("create_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_log_actor_idx" ON "admin_log" USING btree ("actor_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_log_target_user_idx" ON "admin_log" USING btree ("target_user_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_log_action_idx" ON "admin_log" USING btree ("action","create_time" DESC NULLS LAST);