-- Merchant Fees Custom (ADR 0027): negotiated fee rules that override the platform default per merchant,
-- flow, coin (null = any) and provider / payout type (null = any). Overlapping active rules of one key are
-- refused by the service under a per-merchant advisory lock; an exclusion constraint would need btree_gist.
CREATE TABLE "fee_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"flow" text NOT NULL,
	"alt_coin_id" integer,
	"provider_id" integer,
	"fee_percent" numeric(7, 4) NOT NULL,
	"fixed_fee" numeric(30, 8) DEFAULT '0' NOT NULL,
	"fee_currency_id" integer NOT NULL,
	"min_fee" numeric(30, 8),
	"max_fee" numeric(30, 8),
	"paid_by" text NOT NULL,
	"merchant_share_percent" numeric(5, 2),
	"valid_from" date NOT NULL,
	"valid_to" date,
	"status" text DEFAULT 'active' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by_staff_id" integer NOT NULL,
	"created_on" timestamp with time zone NOT NULL,
	"ended_by_staff_id" integer,
	"ended_on" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "fee_overrides_flow_check" CHECK ("flow" in ('incoming', 'payout', 'conversion', 'card')),
	CONSTRAINT "fee_overrides_paid_by_check" CHECK ("paid_by" in ('merchant', 'customer', 'shared')),
	CONSTRAINT "fee_overrides_status_check" CHECK ("status" in ('active', 'ended')),
	CONSTRAINT "fee_overrides_percent_check" CHECK ("fee_percent" >= 0 and "fee_percent" <= 100),
	CONSTRAINT "fee_overrides_split_check" CHECK (("paid_by" = 'shared') = ("merchant_share_percent" is not null)),
	CONSTRAINT "fee_overrides_dates_check" CHECK ("valid_to" is null or "valid_to" > "valid_from"),
	CONSTRAINT "fee_overrides_min_max_check" CHECK ("min_fee" is null or "max_fee" is null or "min_fee" <= "max_fee")
);
--> statement-breakpoint
ALTER TABLE "fee_overrides" ADD CONSTRAINT "fee_overrides_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_overrides" ADD CONSTRAINT "fee_overrides_alt_coin_id_alt_coins_id_fk" FOREIGN KEY ("alt_coin_id") REFERENCES "public"."alt_coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_overrides" ADD CONSTRAINT "fee_overrides_provider_id_payment_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."payment_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_overrides" ADD CONSTRAINT "fee_overrides_fee_currency_id_alt_coins_id_fk" FOREIGN KEY ("fee_currency_id") REFERENCES "public"."alt_coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_overrides" ADD CONSTRAINT "fee_overrides_created_by_staff_id_staff_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_overrides" ADD CONSTRAINT "fee_overrides_ended_by_staff_id_staff_id_fk" FOREIGN KEY ("ended_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_overrides_merchant_idx" ON "fee_overrides" USING btree ("merchant_id","flow","status");
