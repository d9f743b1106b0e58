ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "bonuses" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonuses" ADD COLUMN "revoked_by" integer;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('blast_income', 'referral', 'bonus', 'bonus_revoke', 'withdraw_hold', 'withdraw_release'));