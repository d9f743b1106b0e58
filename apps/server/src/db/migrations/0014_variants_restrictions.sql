CREATE TABLE "template_variant_stats" (
	"template_id" integer NOT NULL,
	"variant" varchar(100) NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"replied" integer DEFAULT 0 NOT NULL,
	"stopped" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "template_variant_stats_template_id_variant_pk" PRIMARY KEY("template_id","variant")
);
--> statement-breakpoint
ALTER TABLE "proxies" DROP CONSTRAINT "proxies_status_check";--> statement-breakpoint
ALTER TABLE "message_logs" ADD COLUMN "variant" varchar(100);--> statement-breakpoint
ALTER TABLE "message_logs" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_logs" ADD COLUMN "stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "captions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "limited_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "template_variant_stats" ADD CONSTRAINT "template_variant_stats_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_logs_number_sent_idx" ON "message_logs" USING btree ("phone_number_id","sent_at");--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_status_check" CHECK ("proxies"."status" in ('active', 'nonactive', 'in use', 'karantina'));