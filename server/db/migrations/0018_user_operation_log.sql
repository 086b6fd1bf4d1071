CREATE TABLE "user_operation_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(255),
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_time" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_operation_log_time_idx" ON "user_operation_log" USING btree ("create_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_operation_log_user_idx" ON "user_operation_log" USING btree ("user_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_operation_log_kind_idx" ON "user_operation_log" USING btree ("kind","create_time" DESC NULLS LAST);