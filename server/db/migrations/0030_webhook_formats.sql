ALTER TABLE "webhooks" ADD COLUMN "format" varchar(16) DEFAULT 'signed' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "language" varchar(16) DEFAULT 'en-US' NOT NULL;