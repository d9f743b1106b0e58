CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "remembered_devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"version" integer NOT NULL,
	"two_factor_since" timestamp with time zone NOT NULL,
	"user_agent" varchar(300) DEFAULT '' NOT NULL,
	"address" varchar(64) DEFAULT '' NOT NULL,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "location" varchar(16) DEFAULT 'database' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_challenges" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "email" varchar(200);--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "pending_phonenumber" varchar(20);--> statement-breakpoint
ALTER TABLE "remembered_devices" ADD CONSTRAINT "remembered_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remembered_devices_token_unique" ON "remembered_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "remembered_devices_user_idx" ON "remembered_devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "phone_numbers_number_trgm_idx" ON "phone_numbers" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "phone_numbers_name_trgm_idx" ON "phone_numbers" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_fullname_trgm_idx" ON "users" USING gin (lower("firstname" || ' ' || "lastname") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "whatsapp_phone_trgm_idx" ON "whatsapp_accounts" USING gin ("phonenumber" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "whatsapp_pushname_trgm_idx" ON "whatsapp_accounts" USING gin (lower("pushname") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "whatsapp_clientid_trgm_idx" ON "whatsapp_accounts" USING gin ("clientid" gin_trgm_ops) WITH (fastupdate=false);