-- Saved views of the Transactions screen (ADR 0021): named filters, private to the author or shared with
-- every holder of view-transactions. The name is the view's address (/admin/transactions/all/<name>), so
-- it is unique across all staff.
CREATE TABLE "transaction_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"filters" jsonb NOT NULL,
	"author_id" integer NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transaction_views" ADD CONSTRAINT "transaction_views_author_id_staff_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_views_name_idx" ON "transaction_views" USING btree ("name");--> statement-breakpoint
CREATE INDEX "transaction_views_author_idx" ON "transaction_views" USING btree ("author_id","name");--> statement-breakpoint
CREATE INDEX "transaction_views_shared_idx" ON "transaction_views" USING btree ("name") WHERE "transaction_views"."shared";--> statement-breakpoint
-- The screen's coin and type filters over any range, newest first, each from one index with the columns the
-- list filters on (like 0003's sort indexes). Builds lock transactions like 0003 and 0009 (about a minute
-- at 5M rows).
CREATE INDEX "transactions_coin_created_idx" ON "transactions" USING btree ("alt_coin_id","created_on","id","status","prefix","merchant_id");--> statement-breakpoint
CREATE INDEX "transactions_type_created_idx" ON "transactions" USING btree ("transaction_type","created_on","id","status","prefix","merchant_id");
