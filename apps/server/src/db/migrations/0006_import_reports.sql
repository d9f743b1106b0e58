CREATE TABLE "import_report_parts" (
	"report_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"rows" text NOT NULL,
	CONSTRAINT "import_report_parts_report_id_seq_pk" PRIMARY KEY("report_id","seq")
);
--> statement-breakpoint
CREATE TABLE "import_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"area" varchar(20) NOT NULL,
	"parts" integer DEFAULT 0 NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_report_parts" ADD CONSTRAINT "import_report_parts_report_id_import_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."import_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_reports" ADD CONSTRAINT "import_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_reports_user_area_idx" ON "import_reports" USING btree ("user_id","area");