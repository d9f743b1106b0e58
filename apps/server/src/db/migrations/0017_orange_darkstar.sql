ALTER TABLE "settings" ADD COLUMN "health_slow_below" integer DEFAULT 70 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "health_pause_below" integer DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "health" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "health_before" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "health_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "health_state" varchar(10) DEFAULT 'ok' NOT NULL;