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
