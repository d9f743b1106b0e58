CREATE TABLE "whatsapp_auth_keys" (
	"account_id" integer NOT NULL,
	"key" varchar(300) NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "whatsapp_auth_keys_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
ALTER TABLE "whatsapp_auth_keys" ADD CONSTRAINT "whatsapp_auth_keys_account_id_whatsapp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;