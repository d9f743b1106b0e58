ALTER TABLE "whatsapp_accounts" ADD COLUMN "member_daily_cap" integer;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "member_window_start" varchar(5);--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "member_window_end" varchar(5);--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD CONSTRAINT "whatsapp_member_window_check" CHECK (("whatsapp_accounts"."member_window_start" is null) = ("whatsapp_accounts"."member_window_end" is null));