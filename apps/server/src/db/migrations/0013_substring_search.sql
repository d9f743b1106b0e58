CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "phone_numbers_number_trgm_idx" ON "phone_numbers" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "phone_numbers_name_trgm_idx" ON "phone_numbers" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_fullname_trgm_idx" ON "users" USING gin (lower("firstname" || ' ' || "lastname") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "whatsapp_phone_trgm_idx" ON "whatsapp_accounts" USING gin ("phonenumber" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "whatsapp_pushname_trgm_idx" ON "whatsapp_accounts" USING gin (lower("pushname") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "whatsapp_clientid_trgm_idx" ON "whatsapp_accounts" USING gin ("clientid" gin_trgm_ops) WITH (fastupdate=false);