CREATE INDEX "transactions_customer_ref_idx" ON "transactions" USING btree ("customer_reference");--> statement-breakpoint
CREATE INDEX "transactions_xchange_idx" ON "transactions" USING btree ("xchange_id");--> statement-breakpoint
CREATE INDEX "transactions_revolut_idx" ON "transactions" USING btree ("revolut_id");--> statement-breakpoint
CREATE INDEX "transactions_txid_idx" ON "transactions" USING btree ("transaction_id");