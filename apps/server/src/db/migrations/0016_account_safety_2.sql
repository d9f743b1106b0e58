CREATE TABLE "account_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" varchar(20) NOT NULL,
	"code" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "number_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "lookups_per_hour" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "health_slow_below" integer DEFAULT 70 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "health_pause_below" integer DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "member_daily_cap" integer;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "member_window_start" varchar(5);--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "member_window_end" varchar(5);--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "health" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "health_before" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "health_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "health_state" varchar(10) DEFAULT 'ok' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_events" ADD CONSTRAINT "account_events_account_id_whatsapp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_checks" ADD CONSTRAINT "number_checks_whatsapp_id_whatsapp_accounts_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_events_account_at_idx" ON "account_events" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "account_events_at_idx" ON "account_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "account_events_loss_idx" ON "account_events" USING btree ("at") WHERE "account_events"."kind" in ('suspended', 'temp_banned');--> statement-breakpoint
CREATE INDEX "number_checks_account_idx" ON "number_checks" USING btree ("whatsapp_id","checked_at");--> statement-breakpoint
CREATE INDEX "message_logs_account_number_idx" ON "message_logs" USING btree ("whatsapp_id","phone_number_id","sent_at");--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD CONSTRAINT "whatsapp_member_window_check" CHECK (("whatsapp_accounts"."member_window_start" is null) = ("whatsapp_accounts"."member_window_end" is null));