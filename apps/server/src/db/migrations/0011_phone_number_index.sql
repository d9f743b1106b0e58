DROP INDEX "phone_numbers_number_pattern_idx";--> statement-breakpoint
DROP INDEX "phone_numbers_number_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "phone_numbers_number_unique" ON "phone_numbers" USING btree ("number" varchar_pattern_ops);