ALTER TABLE "login_challenges" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "email" varchar(200);--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;