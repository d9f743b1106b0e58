CREATE TABLE "bonuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"admin_id" integer,
	"nominal" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generator_results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"generator_id" integer NOT NULL,
	"number" varchar(20) NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"exists" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generators" (
	"id" serial PRIMARY KEY NOT NULL,
	"whatsapp_id" integer,
	"user_id" integer NOT NULL,
	"b_insert" boolean DEFAULT false NOT NULL,
	"interval_min" integer DEFAULT 1 NOT NULL,
	"interval_max" integer DEFAULT 2 NOT NULL,
	"count_success" integer DEFAULT 0 NOT NULL,
	"count_fail" integer DEFAULT 0 NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'stopped' NOT NULL,
	"state" varchar(20) DEFAULT 'idle' NOT NULL,
	"owner_id" varchar(64),
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"start_number" varchar(20) NOT NULL,
	"end_number" varchar(20) NOT NULL,
	"current_number" varchar(20)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" varchar(200) NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"amount" bigint NOT NULL,
	"ref_table" varchar(40) NOT NULL,
	"ref_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('blast_income', 'referral', 'bonus', 'withdraw_hold', 'withdraw_release'))
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"blast_fee" bigint NOT NULL,
	"requirement_blast" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"whatsapp_id" integer,
	"user_id" integer NOT NULL,
	"phone_number_id" integer,
	"template_id" integer,
	"status" varchar(10) NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"error" text,
	"send_key" varchar(120) NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_logs_status_check" CHECK ("message_logs"."status" in ('success', 'fail'))
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_file_id" integer,
	"text" text DEFAULT '' NOT NULL,
	"text_wa" text DEFAULT '' NOT NULL,
	"buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"count_use" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_status_check" CHECK ("message_templates"."status" in ('active', 'nonactive'))
);
--> statement-breakpoint
CREATE TABLE "phone_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(20) NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"in_use" boolean DEFAULT false NOT NULL,
	"count_success" integer DEFAULT 0 NOT NULL,
	"count_fail" integer DEFAULT 0 NOT NULL,
	"last_sent" timestamp with time zone,
	"source" varchar(12) DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_numbers_number_check" CHECK ("phone_numbers"."number" ~ '^62[0-9]+$'),
	CONSTRAINT "phone_numbers_status_check" CHECK ("phone_numbers"."status" in ('active', 'nonactive')),
	CONSTRAINT "phone_numbers_source_check" CHECK ("phone_numbers"."source" in ('manual', 'import', 'generator', 'validator'))
);
--> statement-breakpoint
CREATE TABLE "proxies" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" varchar(500) NOT NULL,
	"status" varchar(12) DEFAULT 'active' NOT NULL,
	"count_use" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proxies_status_check" CHECK ("proxies"."status" in ('active', 'nonactive', 'in use'))
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"interval_min" integer NOT NULL,
	"interval_max" integer NOT NULL,
	"price" bigint NOT NULL,
	"bank_names" text NOT NULL,
	"colors" text NOT NULL,
	"referral_percent" integer DEFAULT 0 NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"firstname" varchar(100) NOT NULL,
	"lastname" varchar(100) NOT NULL,
	"email" varchar(200) NOT NULL,
	"password_hash" text NOT NULL,
	"role" varchar(10) DEFAULT 'member' NOT NULL,
	"referral_code" varchar(8) NOT NULL,
	"referred_by" integer,
	"level_id" integer,
	"blast_interval_min" integer,
	"blast_interval_max" integer,
	"account_bank" varchar(100),
	"account_number" varchar(50),
	"account_name" varchar(100),
	"total_success" bigint DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('member', 'staff', 'admin', 'dev'))
);
--> statement-breakpoint
CREATE TABLE "validator_results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"validator_id" integer NOT NULL,
	"number" varchar(20) NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"exists" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "validators" (
	"id" serial PRIMARY KEY NOT NULL,
	"whatsapp_id" integer,
	"user_id" integer NOT NULL,
	"b_insert" boolean DEFAULT false NOT NULL,
	"interval_min" integer DEFAULT 1 NOT NULL,
	"interval_max" integer DEFAULT 2 NOT NULL,
	"count_success" integer DEFAULT 0 NOT NULL,
	"count_fail" integer DEFAULT 0 NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'stopped' NOT NULL,
	"state" varchar(20) DEFAULT 'idle' NOT NULL,
	"owner_id" varchar(64),
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_id" integer,
	"cursor" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"clientid" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"phonenumber" varchar(20),
	"pushname" varchar(100),
	"server" varchar(64),
	"auth_state" jsonb,
	"proxy_id" integer,
	"state" varchar(20) DEFAULT 'unknown' NOT NULL,
	"status" varchar(10) DEFAULT 'idle' NOT NULL,
	"blasting" boolean DEFAULT false NOT NULL,
	"loop" boolean DEFAULT false NOT NULL,
	"sending_enabled" boolean DEFAULT true NOT NULL,
	"interval_min" integer,
	"interval_max" integer,
	"count_success" integer DEFAULT 0 NOT NULL,
	"count_fail" integer DEFAULT 0 NOT NULL,
	"income" bigint DEFAULT 0 NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"suspended_count" integer DEFAULT 0 NOT NULL,
	"owner_id" varchar(64),
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_status_check" CHECK ("whatsapp_accounts"."status" in ('idle', 'sending'))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"nominal" bigint NOT NULL,
	"status" varchar(10) DEFAULT 'requested' NOT NULL,
	"bank" varchar(100) NOT NULL,
	"account_number" varchar(50) NOT NULL,
	"account_name" varchar(100) NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('requested', 'accepted', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generator_results" ADD CONSTRAINT "generator_results_generator_id_generators_id_fk" FOREIGN KEY ("generator_id") REFERENCES "public"."generators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generators" ADD CONSTRAINT "generators_whatsapp_id_whatsapp_accounts_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generators" ADD CONSTRAINT "generators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_logs" ADD CONSTRAINT "message_logs_whatsapp_id_whatsapp_accounts_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_logs" ADD CONSTRAINT "message_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_logs" ADD CONSTRAINT "message_logs_phone_number_id_phone_numbers_id_fk" FOREIGN KEY ("phone_number_id") REFERENCES "public"."phone_numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_logs" ADD CONSTRAINT "message_logs_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_media_file_id_files_id_fk" FOREIGN KEY ("media_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referred_by_users_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validator_results" ADD CONSTRAINT "validator_results_validator_id_validators_id_fk" FOREIGN KEY ("validator_id") REFERENCES "public"."validators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validators" ADD CONSTRAINT "validators_whatsapp_id_whatsapp_accounts_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validators" ADD CONSTRAINT "validators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validators" ADD CONSTRAINT "validators_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD CONSTRAINT "whatsapp_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD CONSTRAINT "whatsapp_accounts_proxy_id_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."proxies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonuses_user_idx" ON "bonuses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bonuses_created_idx" ON "bonuses" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "files_user_idx" ON "files" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "generator_results_unique" ON "generator_results" USING btree ("generator_id","number");--> statement-breakpoint
CREATE INDEX "generators_user_idx" ON "generators" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "generators_status_idx" ON "generators" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_unique" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_event_unique" ON "ledger_entries" USING btree ("kind","ref_table","ref_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "levels_requirement_idx" ON "levels" USING btree ("requirement_blast");--> statement-breakpoint
CREATE UNIQUE INDEX "message_logs_send_key_unique" ON "message_logs" USING btree ("send_key");--> statement-breakpoint
CREATE INDEX "message_logs_user_sent_idx" ON "message_logs" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "message_logs_whatsapp_idx" ON "message_logs" USING btree ("whatsapp_id","sent_at");--> statement-breakpoint
CREATE INDEX "message_logs_status_sent_idx" ON "message_logs" USING btree ("status","sent_at");--> statement-breakpoint
CREATE INDEX "message_templates_pick_idx" ON "message_templates" USING btree ("status","count_use");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_numbers_number_unique" ON "phone_numbers" USING btree ("number");--> statement-breakpoint
CREATE INDEX "phone_numbers_number_pattern_idx" ON "phone_numbers" USING btree ("number" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "phone_numbers_pick_idx" ON "phone_numbers" USING btree ("status","in_use","last_sent" NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "proxies_value_unique" ON "proxies" USING btree ("value");--> statement-breakpoint
CREATE INDEX "proxies_pick_idx" ON "proxies" USING btree ("status","count_use");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_unique" ON "users" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "users_referred_by_idx" ON "users" USING btree ("referred_by");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at");--> statement-breakpoint
CREATE INDEX "users_email_pattern_idx" ON "users" USING btree ("email" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_last_seen_idx" ON "users" USING btree ("last_seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "validator_results_unique" ON "validator_results" USING btree ("validator_id","number");--> statement-breakpoint
CREATE INDEX "validators_user_idx" ON "validators" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "validators_status_idx" ON "validators" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_clientid_unique" ON "whatsapp_accounts" USING btree ("clientid");--> statement-breakpoint
CREATE INDEX "whatsapp_user_idx" ON "whatsapp_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_phone_pattern_idx" ON "whatsapp_accounts" USING btree ("phonenumber" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "whatsapp_lease_idx" ON "whatsapp_accounts" USING btree ("blasting","lease_until");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");