CREATE TABLE "app_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"app_name" varchar(64) NOT NULL,
	"app_id" varchar(64) NOT NULL,
	"callback_url" text NOT NULL,
	"token_ttl" integer NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"code_expires" timestamp (3) with time zone NOT NULL,
	"state" varchar(12) DEFAULT 'pending' NOT NULL,
	"failure" varchar(200),
	"create_time" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"decided_time" timestamp (3) with time zone,
	CONSTRAINT "app_authorizations_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE INDEX "app_authorizations_user_idx" ON "app_authorizations" USING btree ("user_id","state");