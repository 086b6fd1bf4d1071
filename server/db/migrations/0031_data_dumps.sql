CREATE TABLE "data_dumps" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" varchar(10) NOT NULL,
	"cases" integer NOT NULL,
	"files" jsonb NOT NULL,
	"create_time" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_dumps_day_unique" UNIQUE("day")
);
