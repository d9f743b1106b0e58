DROP INDEX "phone_numbers_number_pattern_idx";--> statement-breakpoint
DROP INDEX "phone_numbers_number_unique";--> statement-breakpoint
DROP INDEX "phone_numbers_pick_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "phone_numbers_number_unique" ON "phone_numbers" USING btree ("number" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "phone_numbers_pick_idx" ON "phone_numbers" USING btree ("status","in_use","last_sent" NULLS FIRST,"id");