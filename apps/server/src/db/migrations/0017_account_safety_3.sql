ALTER TABLE "settings" ADD COLUMN "daily_cap_step" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "daily_cap_max" integer DEFAULT 800 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "spread_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "proven_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "restricted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "phone_numbers_name_block_idx" ON "phone_numbers" USING btree (("id" / 4096),lower("name") varchar_pattern_ops);