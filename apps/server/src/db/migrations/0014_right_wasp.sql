ALTER TABLE "proxies" DROP CONSTRAINT "proxies_status_check";--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "limited_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_status_check" CHECK ("proxies"."status" in ('active', 'nonactive', 'in use', 'karantina'));