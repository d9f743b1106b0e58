CREATE TABLE "whatsapp_sent_messages" (
	"account_id" integer NOT NULL,
	"message_id" varchar(128) NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_sent_messages_account_id_message_id_pk" PRIMARY KEY("account_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "message_logs" ADD COLUMN "wa_message_id" varchar(128);--> statement-breakpoint
ALTER TABLE "message_logs" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_logs" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "count_delivered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_sent_messages" ADD CONSTRAINT "whatsapp_sent_messages_account_id_whatsapp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_sent_created_idx" ON "whatsapp_sent_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "message_logs_wa_message_idx" ON "message_logs" USING btree ("whatsapp_id","wa_message_id") WHERE "message_logs"."wa_message_id" is not null;