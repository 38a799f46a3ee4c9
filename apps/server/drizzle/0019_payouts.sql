-- Payouts with four-eyes approval (ADR 0016). A payout request lives here from its request to its end:
-- awaiting-approval (above the four-eyes amount), approved, sent (by the payout rail), completed or failed,
-- or cancelled before it was sent. Every move is one conditional UPDATE (… WHERE state = the state it
-- leaves), so two clicks at once move it once.
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"alt_coin_id" integer NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"eur_value" numeric(30, 2) NOT NULL,
	"destination" text NOT NULL,
	"payout_schema" text NOT NULL,
	"state" text NOT NULL,
	"needs_second_approval" boolean NOT NULL,
	"source" text NOT NULL,
	"requested_by_staff_id" integer,
	"requested_on" timestamp with time zone NOT NULL,
	"note" text,
	"approved_by_staff_id" integer,
	"approved_on" timestamp with time zone,
	"sent_on" timestamp with time zone,
	"rail_reference" text,
	"completed_on" timestamp with time zone,
	"failed_on" timestamp with time zone,
	"failure_reason" text,
	"cancelled_by_staff_id" integer,
	"cancelled_on" timestamp with time zone,
	"cancel_reason" text,
	"updated_on" timestamp with time zone NOT NULL,
	CONSTRAINT "payouts_state_check" CHECK ("state" in ('awaiting-approval', 'approved', 'sent', 'completed', 'cancelled', 'failed')),
	CONSTRAINT "payouts_source_check" CHECK ("source" in ('staff', 'platform')),
	CONSTRAINT "payouts_amount_check" CHECK ("amount" > 0),
	-- Four-eyes in the data itself: whoever approves a payout did not request it.
	CONSTRAINT "payouts_four_eyes_check" CHECK ("approved_by_staff_id" IS NULL OR "requested_by_staff_id" IS NULL OR "approved_by_staff_id" <> "requested_by_staff_id" OR NOT "needs_second_approval")
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_alt_coin_id_alt_coins_id_fk" FOREIGN KEY ("alt_coin_id") REFERENCES "public"."alt_coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_requested_by_staff_id_staff_id_fk" FOREIGN KEY ("requested_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_approved_by_staff_id_staff_id_fk" FOREIGN KEY ("approved_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_cancelled_by_staff_id_staff_id_fk" FOREIGN KEY ("cancelled_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A tab newest first, and the same narrowed to a coin or a merchant; the rail's runner walks approved and sent.
CREATE INDEX "payouts_state_requested_idx" ON "payouts" USING btree ("state","requested_on","id");--> statement-breakpoint
CREATE INDEX "payouts_state_coin_requested_idx" ON "payouts" USING btree ("state","alt_coin_id","requested_on","id");--> statement-breakpoint
CREATE INDEX "payouts_state_merchant_requested_idx" ON "payouts" USING btree ("state","merchant_id","requested_on","id");--> statement-breakpoint
-- With the coin and amount beside it: a tab narrowed to an amount range is counted and summed from this index
-- alone (an index-only scan), not from the table.
CREATE INDEX "payouts_state_eur_idx" ON "payouts" USING btree ("state","eur_value","id") INCLUDE ("alt_coin_id","amount");--> statement-breakpoint
-- Payout Schemas filtered by schema, newest merchants first (200,000 merchants).
CREATE INDEX "merchants_payout_schema_registered_idx" ON "merchants" USING btree ("payout_schema","registered_on","id");--> statement-breakpoint
-- The tabs' counts and totals per coin without a filter: kept per state and coin by a statement trigger,
-- so the Completed tab of 400,000 payouts is read as a dozen rows, not summed (ADR 0010's totals apart).
CREATE TABLE "payout_totals" (
	"state" text NOT NULL,
	"alt_coin_id" integer NOT NULL,
	"n" bigint NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"eur_value" numeric(38, 2) NOT NULL,
	CONSTRAINT "payout_totals_pk" PRIMARY KEY ("state","alt_coin_id")
);
--> statement-breakpoint
-- The same per day of request (UTC) as well: a tab narrowed to whole days (the date filter) is summed from
-- at most a row per day, state and coin instead of every payout of those days.
CREATE TABLE "payout_day_totals" (
	"state" text NOT NULL,
	"day" date NOT NULL,
	"alt_coin_id" integer NOT NULL,
	"n" bigint NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"eur_value" numeric(38, 2) NOT NULL,
	CONSTRAINT "payout_day_totals_pk" PRIMARY KEY ("state","day","alt_coin_id")
);
--> statement-breakpoint
CREATE FUNCTION payout_totals_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO payout_totals (state, alt_coin_id, n, amount, eur_value)
      SELECT state, alt_coin_id, -count(*), -sum(amount), -sum(eur_value) FROM old_rows
      GROUP BY state, alt_coin_id ORDER BY state, alt_coin_id
    ON CONFLICT (state, alt_coin_id) DO UPDATE SET n = payout_totals.n + excluded.n,
      amount = payout_totals.amount + excluded.amount, eur_value = payout_totals.eur_value + excluded.eur_value;
    INSERT INTO payout_day_totals (state, day, alt_coin_id, n, amount, eur_value)
      SELECT state, (requested_on AT TIME ZONE 'UTC')::date, alt_coin_id, -count(*), -sum(amount), -sum(eur_value)
      FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (state, day, alt_coin_id) DO UPDATE SET n = payout_day_totals.n + excluded.n,
      amount = payout_day_totals.amount + excluded.amount,
      eur_value = payout_day_totals.eur_value + excluded.eur_value;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO payout_totals (state, alt_coin_id, n, amount, eur_value)
      SELECT state, alt_coin_id, count(*), sum(amount), sum(eur_value) FROM new_rows
      GROUP BY state, alt_coin_id ORDER BY state, alt_coin_id
    ON CONFLICT (state, alt_coin_id) DO UPDATE SET n = payout_totals.n + excluded.n,
      amount = payout_totals.amount + excluded.amount, eur_value = payout_totals.eur_value + excluded.eur_value;
    INSERT INTO payout_day_totals (state, day, alt_coin_id, n, amount, eur_value)
      SELECT state, (requested_on AT TIME ZONE 'UTC')::date, alt_coin_id, count(*), sum(amount), sum(eur_value)
      FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (state, day, alt_coin_id) DO UPDATE SET n = payout_day_totals.n + excluded.n,
      amount = payout_day_totals.amount + excluded.amount,
      eur_value = payout_day_totals.eur_value + excluded.eur_value;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "payout_totals_after_insert" AFTER INSERT ON "payouts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payout_totals_apply();
--> statement-breakpoint
CREATE TRIGGER "payout_totals_after_update" AFTER UPDATE ON "payouts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payout_totals_apply();
--> statement-breakpoint
CREATE TRIGGER "payout_totals_after_delete" AFTER DELETE ON "payouts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payout_totals_apply();
