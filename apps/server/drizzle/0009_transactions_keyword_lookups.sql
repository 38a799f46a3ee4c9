-- Keywords that are identifiers (ADR 0010): a whole e-mail address is one B-tree lookup and an order,
-- invoice, POS or payout reference a prefix range of one, instead of trigram searches whose common
-- trigrams (an e-mail provider's domain, 'ord', 'inv') sit in a large share of all rows.
CREATE INDEX "transactions_email_lower_idx" ON "transactions" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "transactions_customer_ref_prefix_idx" ON "transactions" USING btree (lower("customer_reference") text_pattern_ops);--> statement-breakpoint
-- Statistics for the new expressions, which the planner has none of until the next ANALYZE: without them it
-- guesses that an address matches 0.5% of the rows and walks the whole range for a rare one.
ANALYZE transactions;