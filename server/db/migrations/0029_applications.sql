CREATE TABLE "application_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"name" varchar(48) NOT NULL,
	"prefix" varchar(16) NOT NULL,
	"hash" varchar(64) NOT NULL,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_time" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_used_time" timestamp (3) with time zone,
	"expires_time" timestamp (3) with time zone,
	"revoked_time" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "application_usage" (
	"key_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"day" date NOT NULL,
	"endpoint" varchar(120) NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"writes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "application_usage_key_id_day_endpoint_pk" PRIMARY KEY("key_id","day","endpoint")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"purpose" text NOT NULL,
	"homepage" varchar(500) NOT NULL,
	"contact" varchar(200) NOT NULL,
	"requested_scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"granted_scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewer_id" integer,
	"review_time" timestamp (3) with time zone,
	"bot_user_id" integer,
	"create_time" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_keys" ADD CONSTRAINT "application_keys_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_keys_hash_uq" ON "application_keys" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "application_keys_application_idx" ON "application_keys" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "application_usage_app_day_idx" ON "application_usage" USING btree ("application_id","day");--> statement-breakpoint
CREATE INDEX "applications_owner_idx" ON "applications" USING btree ("owner_id","status");--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("status","create_time" DESC NULLS LAST);