CREATE SCHEMA "paging";
--> statement-breakpoint
CREATE TABLE "paging"."list_versions" (
	"table_name" varchar(63) NOT NULL,
	"slot" integer NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "list_versions_table_name_slot_pk" PRIMARY KEY("table_name","slot")
);
