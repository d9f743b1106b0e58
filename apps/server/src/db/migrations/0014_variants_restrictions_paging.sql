CREATE SCHEMA "paging";
--> statement-breakpoint
CREATE TABLE "paging"."list_versions" (
	"table_name" varchar(63) NOT NULL,
	"slot" integer NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "list_versions_table_name_slot_pk" PRIMARY KEY("table_name","slot")
);
--> statement-breakpoint
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
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_status_check" CHECK ("proxies"."status" in ('active', 'nonactive', 'in use', 'karantina'));--> statement-breakpoint
-- Hand-written (drizzle-kit cannot express triggers): every statement that can change what a paged list
-- holds or its order adds one to its table's version (lib/page-seek.ts). Updates of columns no list filters
-- or orders by (a number's last send, a log's receipts) leave it alone: they come with every send.
CREATE FUNCTION paging.list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO paging.list_versions AS list (table_name, slot, version)
  VALUES (TG_TABLE_NAME, pg_backend_pid() % 16, 1)
  ON CONFLICT (table_name, slot) DO UPDATE SET version = list.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER phone_numbers_list_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF id, number, name, status ON phone_numbers FOR EACH STATEMENT EXECUTE FUNCTION paging.list_changed();
--> statement-breakpoint
CREATE TRIGGER message_logs_list_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF id, user_id, whatsapp_id, status, sent_at ON message_logs FOR EACH STATEMENT EXECUTE FUNCTION paging.list_changed();
--> statement-breakpoint
CREATE TRIGGER users_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION paging.list_changed();
--> statement-breakpoint
CREATE TRIGGER proxies_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON proxies FOR EACH STATEMENT EXECUTE FUNCTION paging.list_changed();
--> statement-breakpoint
CREATE TRIGGER audit_log_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION paging.list_changed();
--> statement-breakpoint
CREATE TRIGGER withdrawals_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON withdrawals FOR EACH STATEMENT EXECUTE FUNCTION paging.list_changed();
--> statement-breakpoint
CREATE TRIGGER generators_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON generators FOR EACH STATEMENT EXECUTE FUNCTION paging.list_changed();
--> statement-breakpoint
CREATE TRIGGER validators_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON validators FOR EACH STATEMENT EXECUTE FUNCTION paging.list_changed();
--> statement-breakpoint
CREATE TRIGGER generator_results_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON generator_results FOR EACH STATEMENT EXECUTE FUNCTION paging.list_changed();
--> statement-breakpoint
CREATE TRIGGER validator_results_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON validator_results FOR EACH STATEMENT EXECUTE FUNCTION paging.list_changed();
