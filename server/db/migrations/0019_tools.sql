CREATE TABLE "tools" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"description" text NOT NULL,
	"icon" varchar(500),
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"get_url" varchar(500),
	"website_url" varchar(500),
	"hot" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"submitter_id" integer,
	"reviewer_id" integer,
	"review_time" timestamp (3) with time zone,
	"reason" text,
	"create_time" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tools_status_hot_idx" ON "tools" USING btree ("status","hot","update_time");--> statement-breakpoint
CREATE INDEX "tools_submitter_idx" ON "tools" USING btree ("submitter_id","status");--> statement-breakpoint
INSERT INTO "tools" ("name", "description", "tags", "get_url", "website_url", "hot", "status") VALUES
('Tribunal public API', 'The HTTP API this site itself runs on: search players, read case timelines, report and reply from a bot account. Every endpoint is documented (OpenAPI 3.1).', '["official","api","web"]', NULL, '/api/docs', true, 'approved'),
('Webhooks for bots', 'Bot, dev and root accounts receive signed POST requests when a case changes state, a report or an appeal arrives, or a player is updated. Set them up under Profile > Webhooks.', '["official","bot","api"]', NULL, '/profile/webhooks', false, 'approved'),
('App authorization', 'A third-party app may act for a member with a limited token once the member approves it from a mail; members see and revoke their authorized apps under Profile > Apps.', '["official","api","app"]', NULL, '/profile/apps', false, 'approved'),
('Tribunal companion app', 'Opens cases and searches from this site in the companion app on a phone; the case page shows a QR code for it.', '["official","app"]', '/app', NULL, false, 'approved'),
('Workflow board', 'A staff member''s own board of the cases they are working on, kept in the browser, with timers and live status.', '["official","admin","web"]', NULL, '/workflow', false, 'approved');
