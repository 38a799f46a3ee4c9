-- The fee engine records which Merchant Fees Custom rule (ADR 0027) priced a paid payment or a completed
-- payout; null when the platform default did. Adding a nullable column rewrites no row.
ALTER TABLE "transactions" ADD COLUMN "fee_rule_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_fee_rule_id_fee_overrides_id_fk" FOREIGN KEY ("fee_rule_id") REFERENCES "public"."fee_overrides"("id") ON DELETE no action ON UPDATE no action;
