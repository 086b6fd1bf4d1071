CREATE TABLE "achievement_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"achievement_id" varchar(48) NOT NULL,
	"action" varchar(8) NOT NULL,
	"create_time" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_achievements" (
	"user_id" integer NOT NULL,
	"achievement_id" varchar(48) NOT NULL,
	"acquired_time" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"granted_by" integer,
	CONSTRAINT "user_achievements_user_id_achievement_id_pk" PRIMARY KEY("user_id","achievement_id")
);
--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "achievement_audit_user_idx" ON "achievement_audit" USING btree ("user_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_achievements_time_idx" ON "user_achievements" USING btree ("acquired_time" DESC NULLS LAST);