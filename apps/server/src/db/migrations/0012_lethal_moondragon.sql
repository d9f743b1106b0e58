ALTER TABLE "idempotency_keys" ADD COLUMN "route" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bank_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_events" ADD COLUMN "reason" varchar(500);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "bank_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "withdrawal_events_payout_cancel_idx" ON "withdrawal_events" USING btree ("created_at") WHERE "withdrawal_events"."from_status" = 'accepted' and "withdrawal_events"."to_status" = 'requested';