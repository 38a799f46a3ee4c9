-- Transactions at volume (ADR 0005). pg_trgm gives the free-text keyword search its trigram indexes;
-- PGlite loads it from @electric-sql/pglite/contrib/pg_trgm (db/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "transactions_txid_idx";--> statement-breakpoint
DROP INDEX "transactions_created_idx";--> statement-breakpoint
DROP INDEX "transactions_merchant_created_idx";--> statement-breakpoint
CREATE INDEX "merchants_shop_title_idx" ON "merchants" USING btree ("shop_title","id");--> statement-breakpoint
CREATE INDEX "merchants_shop_title_trgm_idx" ON "merchants" USING gin ("shop_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_owner_nick_name_trgm_idx" ON "merchants" USING gin ("owner_nick_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_sort_txid_idx" ON "transactions" USING btree ("transaction_id","id","created_on","status","prefix","merchant_id");--> statement-breakpoint
CREATE INDEX "transactions_sort_original_amount_idx" ON "transactions" USING btree ("original_amount","id","created_on","status","prefix","merchant_id");--> statement-breakpoint
CREATE INDEX "transactions_sort_amount_idx" ON "transactions" USING btree ("amount","id","created_on","status","prefix","merchant_id");--> statement-breakpoint
CREATE INDEX "transactions_sort_type_idx" ON "transactions" USING btree ("transaction_type","id","created_on","status","prefix","merchant_id");--> statement-breakpoint
CREATE INDEX "transactions_sort_status_idx" ON "transactions" USING btree ("status","id","created_on","prefix","merchant_id");--> statement-breakpoint
CREATE INDEX "transactions_sort_date_idx" ON "transactions" USING btree ((case
  when "status" = 'expired' then coalesce("expired_on", "created_on")
  when "status" in ('paid', 'underpaid') then coalesce("confirmed_on", "created_on")
  else "created_on" end),"id","created_on","status","prefix","merchant_id");--> statement-breakpoint
CREATE INDEX "transactions_email_trgm_idx" ON "transactions" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_customer_ref_trgm_idx" ON "transactions" USING gin ("customer_reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_tag_trgm_idx" ON "transactions" USING gin ("tag" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_on","id","status","prefix","merchant_id");--> statement-breakpoint
CREATE INDEX "transactions_merchant_created_idx" ON "transactions" USING btree ("merchant_id","created_on","id","status","prefix");