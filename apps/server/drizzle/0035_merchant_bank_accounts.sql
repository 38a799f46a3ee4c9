-- Merchant Bank Config (ADR 0033): where a merchant's fiat payouts go, one row per saved version. The
-- current row is the one with is_current; older ones stay as the history. Whole IBANs live only here and on
-- the merchant record (payouts read it there); the audit log keeps the last four characters.
CREATE TABLE "merchant_bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"version" integer NOT NULL,
	"is_current" boolean NOT NULL,
	"payout_currency" text NOT NULL,
	"rail" text NOT NULL,
	"account_holder" text NOT NULL,
	"iban" text,
	"account_number" text,
	"routing_code" text,
	"bic" text,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_street" text DEFAULT '' NOT NULL,
	"bank_postal_code" text DEFAULT '' NOT NULL,
	"bank_city" text DEFAULT '' NOT NULL,
	"bank_country" text,
	"business_account" boolean DEFAULT false NOT NULL,
	"verification_status" text NOT NULL,
	"name_match_score" numeric(4, 3) NOT NULL,
	"kyc_name" text,
	"ownership_confirmed" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"set_by_staff_id" integer NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "merchant_bank_accounts_currency_check" CHECK ("payout_currency" in ('EUR', 'USD', 'GBP')),
	CONSTRAINT "merchant_bank_accounts_rail_check" CHECK ("rail" in ('SEPA', 'SWIFT', 'local')),
	CONSTRAINT "merchant_bank_accounts_status_check" CHECK ("verification_status" in ('unverified', 'name-match', 'micro-deposit-pending', 'verified')),
	CONSTRAINT "merchant_bank_accounts_account_check" CHECK ("iban" is not null or "account_number" is not null),
	CONSTRAINT "merchant_bank_accounts_score_check" CHECK ("name_match_score" >= 0 and "name_match_score" <= 1)
);
--> statement-breakpoint
ALTER TABLE "merchant_bank_accounts" ADD CONSTRAINT "merchant_bank_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_bank_accounts" ADD CONSTRAINT "merchant_bank_accounts_set_by_staff_id_staff_id_fk" FOREIGN KEY ("set_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_bank_accounts_version_idx" ON "merchant_bank_accounts" USING btree ("merchant_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_bank_accounts_current_idx" ON "merchant_bank_accounts" USING btree ("merchant_id") WHERE "merchant_bank_accounts"."is_current";--> statement-breakpoint
-- A payout hold: while now() is in [held_from, held_until) and it is not released, the payout rail sends none
-- of the merchant's bank payouts (payouts.service send).
CREATE TABLE "payout_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"reason" text NOT NULL,
	"bank_account_id" integer,
	"held_from" timestamp with time zone NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"created_by_staff_id" integer NOT NULL,
	"released_by_staff_id" integer,
	"released_at" timestamp with time zone,
	"release_reason" text,
	CONSTRAINT "payout_holds_period_check" CHECK ("held_until" > "held_from")
);
--> statement-breakpoint
ALTER TABLE "payout_holds" ADD CONSTRAINT "payout_holds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_holds" ADD CONSTRAINT "payout_holds_bank_account_id_merchant_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."merchant_bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_holds" ADD CONSTRAINT "payout_holds_created_by_staff_id_staff_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_holds" ADD CONSTRAINT "payout_holds_released_by_staff_id_staff_id_fk" FOREIGN KEY ("released_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_holds_merchant_idx" ON "payout_holds" USING btree ("merchant_id","held_until");
--> statement-breakpoint
-- Merchant CC Config (ADR 0033): a merchant's card acceptance, one current row per merchant, each change a
-- version row; secrets are sealed with the config vault (AES-256-GCM) and never read back.
CREATE TABLE "merchant_card_accounts" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"provider_id" integer,
	"mid" text DEFAULT '' NOT NULL,
	"mcc" text NOT NULL,
	"descriptor" text NOT NULL,
	"three_ds" text NOT NULL,
	"brands" jsonb NOT NULL,
	"international_cards" boolean DEFAULT false NOT NULL,
	"currencies" jsonb NOT NULL,
	"min_tx_eur" numeric(30, 8) NOT NULL,
	"max_tx_eur" numeric(30, 8) NOT NULL,
	"daily_cap_eur" numeric(30, 8) NOT NULL,
	"monthly_cap_eur" numeric(30, 8) NOT NULL,
	"rolling_reserve_pct" numeric(5, 2) NOT NULL,
	"reserve_hold_days" integer NOT NULL,
	"updated_by_staff_id" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "merchant_card_accounts_status_check" CHECK ("status" in ('not applied', 'applying', 'active', 'suspended', 'terminated')),
	CONSTRAINT "merchant_card_accounts_three_ds_check" CHECK ("three_ds" in ('always', 'risk-based', 'off')),
	CONSTRAINT "merchant_card_accounts_mcc_check" CHECK ("mcc" ~ '^[0-9]{4}$'),
	CONSTRAINT "merchant_card_accounts_caps_check" CHECK ("min_tx_eur" <= "max_tx_eur" and "max_tx_eur" <= "daily_cap_eur" and "daily_cap_eur" <= "monthly_cap_eur"),
	CONSTRAINT "merchant_card_accounts_reserve_check" CHECK ("rolling_reserve_pct" >= 0 and "rolling_reserve_pct" <= 20 and "reserve_hold_days" between 0 and 180),
	CONSTRAINT "merchant_card_accounts_mid_check" CHECK ("status" <> 'active' or "mid" <> '')
);
--> statement-breakpoint
ALTER TABLE "merchant_card_accounts" ADD CONSTRAINT "merchant_card_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_card_accounts" ADD CONSTRAINT "merchant_card_accounts_provider_id_payment_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."payment_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_card_accounts" ADD CONSTRAINT "merchant_card_accounts_updated_by_staff_id_staff_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_card_accounts_status_idx" ON "merchant_card_accounts" USING btree ("status","updated_at");--> statement-breakpoint
CREATE TABLE "merchant_card_account_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"change" text NOT NULL,
	"reason" text,
	"settings" jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"by_staff_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_card_account_versions" ADD CONSTRAINT "merchant_card_account_versions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_card_account_versions" ADD CONSTRAINT "merchant_card_account_versions_by_staff_id_staff_id_fk" FOREIGN KEY ("by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_card_account_versions_version_idx" ON "merchant_card_account_versions" USING btree ("merchant_id","version");--> statement-breakpoint
CREATE TABLE "merchant_card_secrets" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"field" text NOT NULL,
	"ciphertext" text NOT NULL,
	"iv" text NOT NULL,
	"key_id" text NOT NULL,
	"last4" text NOT NULL,
	"fingerprint" text NOT NULL,
	"set_by_staff_id" integer NOT NULL,
	"set_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_card_secrets" ADD CONSTRAINT "merchant_card_secrets_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_card_secrets" ADD CONSTRAINT "merchant_card_secrets_set_by_staff_id_staff_id_fk" FOREIGN KEY ("set_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_card_secrets_field_idx" ON "merchant_card_secrets" USING btree ("merchant_id","field","id");
