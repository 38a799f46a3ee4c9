-- vTokens get a table of their own (ADR 0018): the transaction that sold one keeps SPEC's statuses
-- (vtoken-active, vtoken-claimed); the voucher's own life (claim code, holder, claim, cancellation and its
-- reason) is here. Merchant, coin, amounts and creation are copied from the transaction, which never changes
-- them, so the list filters, sorts and counts on this small table alone.
CREATE TABLE "vtokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_row_id" bigint NOT NULL,
	"code" text NOT NULL,
	"status" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"alt_coin_id" integer NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"original_amount" numeric(30, 8) NOT NULL,
	"input_currency" text NOT NULL,
	"created_on" timestamp with time zone NOT NULL,
	"claimed_on" timestamp with time zone,
	"claimed_by" text,
	"cancelled_on" timestamp with time zone,
	"cancelled_by_staff_id" integer,
	"cancel_reason" text,
	"updated_on" timestamp with time zone NOT NULL,
	CONSTRAINT "vtokens_status_check" CHECK ("status" in ('active', 'claimed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "vtokens" ADD CONSTRAINT "vtokens_transaction_row_id_transactions_id_fk" FOREIGN KEY ("transaction_row_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vtokens" ADD CONSTRAINT "vtokens_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vtokens" ADD CONSTRAINT "vtokens_alt_coin_id_alt_coins_id_fk" FOREIGN KEY ("alt_coin_id") REFERENCES "public"."alt_coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vtokens" ADD CONSTRAINT "vtokens_cancelled_by_staff_id_staff_id_fk" FOREIGN KEY ("cancelled_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vtokens_transaction_idx" ON "vtokens" USING btree ("transaction_row_id");--> statement-breakpoint
-- text_pattern_ops: a code typed from its start ('VT-3F2A') is a range of the B-tree whatever the collation.
CREATE UNIQUE INDEX "vtokens_code_idx" ON "vtokens" USING btree ("code" text_pattern_ops);--> statement-breakpoint
-- The list's orders, each with the columns it filters on, so a page's ids come from one index.
CREATE INDEX "vtokens_created_idx" ON "vtokens" USING btree ("created_on","id","status","merchant_id","alt_coin_id");--> statement-breakpoint
CREATE INDEX "vtokens_amount_idx" ON "vtokens" USING btree ("amount","id","status","merchant_id","alt_coin_id","created_on");--> statement-breakpoint
CREATE INDEX "vtokens_status_created_idx" ON "vtokens" USING btree ("status","created_on","id");--> statement-breakpoint
CREATE INDEX "vtokens_merchant_created_idx" ON "vtokens" USING btree ("merchant_id","created_on","id","status");--> statement-breakpoint
CREATE INDEX "vtokens_coin_created_idx" ON "vtokens" USING btree ("alt_coin_id","created_on","id","status");--> statement-breakpoint
CREATE INDEX "vtokens_holder_idx" ON "vtokens" USING btree (lower("claimed_by"));--> statement-breakpoint
-- Every writer of transactions (the platform feed, the seed, a script, the benchmark's bulk load) makes the
-- vToken of a vToken sale in its own statement: a statement trigger over the inserted rows, so a bulk insert
-- costs one INSERT … SELECT. The code is derived from the row (its security hash and id): repeatable for a
-- seeded data set, 64 bits so two vouchers do not meet.
CREATE FUNCTION vtokens_code(security text, row_id bigint) RETURNS text AS $$
  SELECT 'VT-' || upper(substr(h, 1, 4) || '-' || substr(h, 5, 4) || '-' || substr(h, 9, 4) || '-' || substr(h, 13, 4))
  FROM (SELECT md5(security || ':' || row_id::text) AS h) x
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE FUNCTION vtokens_after_transaction_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO vtokens (transaction_row_id, code, status, merchant_id, alt_coin_id, amount, original_amount,
                       input_currency, created_on, claimed_on, updated_on)
    SELECT id, vtokens_code(security, id),
           CASE WHEN status = 'vtoken-claimed' THEN 'claimed' ELSE 'active' END,
           merchant_id, alt_coin_id, amount, original_amount, input_currency, created_on,
           CASE WHEN status = 'vtoken-claimed' THEN coalesce(confirmed_on, updated_on) END, updated_on
    FROM new_rows WHERE status IN ('vtoken-active', 'vtoken-claimed')
    ON CONFLICT (transaction_row_id) DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "vtokens_after_transaction_insert" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vtokens_after_transaction_insert();
--> statement-breakpoint
-- The vTokens sold before this migration.
INSERT INTO vtokens (transaction_row_id, code, status, merchant_id, alt_coin_id, amount, original_amount,
                     input_currency, created_on, claimed_on, updated_on)
  SELECT id, vtokens_code(security, id), CASE WHEN status = 'vtoken-claimed' THEN 'claimed' ELSE 'active' END,
         merchant_id, alt_coin_id, amount, original_amount, input_currency, created_on,
         CASE WHEN status = 'vtoken-claimed' THEN coalesce(confirmed_on, updated_on) END, updated_on
  FROM transactions WHERE status IN ('vtoken-active', 'vtoken-claimed');
--> statement-breakpoint
-- XChange Search (ADR 0018): a merchant's exchange transactions newest first. The xChange ids, hashes and
-- addresses already have their B-trees (0000, 0002); a merchant's rows do too (transactions_merchant_created_idx),
-- but only about one in ten of them went through xChange, so that walk read ten rows for each one shown and
-- its count read every row of a busy merchant. Partial: only the exchange rows are in it.
CREATE INDEX "transactions_xchange_merchant_idx" ON "transactions" USING btree ("merchant_id","created_on","id") WHERE "xchange_id" IS NOT NULL;--> statement-breakpoint
ANALYZE vtokens;
