ALTER TABLE "whatsapp_accounts" ADD COLUMN "blast_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "blast_number_id" integer;