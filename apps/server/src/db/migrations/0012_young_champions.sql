ALTER TABLE "whatsapp_accounts" ADD COLUMN "counters_reset_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "levels_name_lower_unique" ON "levels" USING btree (lower("name"));