ALTER TABLE "settings" ADD COLUMN "daily_cap" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "warmup_days" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "warmup_start_cap" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "send_window_start" varchar(5) DEFAULT '08:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "send_window_end" varchar(5) DEFAULT '20:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "template_repeat_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "sent_day" date;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "sent_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "last_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "warmup_started_on" date;