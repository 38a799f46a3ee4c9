-- Licensing (ADR 0032): the licence server's products, policies, licences, device activations and log. A key
-- is stored only as its SHA-256 hash, with its first and last group for display (LL-7K2Q-…-9F3A).
CREATE TABLE "license_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "license_products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "license_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"duration_days" integer NOT NULL,
	"max_machines" integer NOT NULL,
	CONSTRAINT "license_policies_duration_check" CHECK ("duration_days" > 0),
	CONSTRAINT "license_policies_max_machines_check" CHECK ("max_machines" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"key_last4" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"max_activations" integer NOT NULL,
	"entitlements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_on" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"note" text DEFAULT '' NOT NULL,
	"issued_by_staff_id" integer NOT NULL,
	"issued_on" timestamp with time zone NOT NULL,
	"updated_on" timestamp with time zone NOT NULL,
	CONSTRAINT "licenses_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "licenses_status_check" CHECK ("status" in ('active', 'suspended', 'revoked')),
	CONSTRAINT "licenses_max_activations_check" CHECK ("max_activations" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "license_activations" (
	"id" serial PRIMARY KEY NOT NULL,
	"license_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"hostname" text DEFAULT '' NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"license_id" integer,
	"kind" text NOT NULL,
	"outcome" text,
	"fingerprint" text,
	"hostname" text,
	"source" text,
	"staff_id" integer,
	"detail" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "license_events_kind_check" CHECK ("kind" in ('issued', 'renewed', 'suspended', 'reinstated', 'revoked', 'activations_reset', 'validation')),
	CONSTRAINT "license_events_outcome_check" CHECK ("outcome" is null or "outcome" in ('valid', 'suspended', 'expired', 'revoked', 'unknown', 'too_many_activations'))
);
--> statement-breakpoint
-- Merchant Autonomy (ADR 0032): what a merchant may do without staff review. No row = level 0 (supervised).
CREATE TABLE "merchant_autonomy" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"level" smallint NOT NULL,
	"daily_auto_payout_eur" numeric(30, 8) DEFAULT '0' NOT NULL,
	"per_payout_eur" numeric(30, 8) DEFAULT '0' NOT NULL,
	"address_change_cooldown_h" smallint DEFAULT 0 NOT NULL,
	"expires_on" date,
	"previous_level" smallint,
	"updated_by_staff_id" integer,
	"updated_on" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "merchant_autonomy_level_check" CHECK ("level" between 0 and 2),
	CONSTRAINT "merchant_autonomy_previous_level_check" CHECK ("previous_level" is null or "previous_level" between 0 and 2),
	CONSTRAINT "merchant_autonomy_limits_check" CHECK ("daily_auto_payout_eur" >= 0 and "per_payout_eur" >= 0 and "per_payout_eur" <= "daily_auto_payout_eur"),
	CONSTRAINT "merchant_autonomy_cooldown_check" CHECK ("address_change_cooldown_h" between 0 and 168),
	CONSTRAINT "merchant_autonomy_elevation_check" CHECK (("expires_on" is null) = ("previous_level" is null))
);
--> statement-breakpoint
ALTER TABLE "license_policies" ADD CONSTRAINT "license_policies_product_id_license_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."license_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_product_id_license_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."license_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_policy_id_license_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."license_policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_issued_by_staff_id_staff_id_fk" FOREIGN KEY ("issued_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_activations" ADD CONSTRAINT "license_activations_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_events" ADD CONSTRAINT "license_events_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_events" ADD CONSTRAINT "license_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_autonomy" ADD CONSTRAINT "merchant_autonomy_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_autonomy" ADD CONSTRAINT "merchant_autonomy_updated_by_staff_id_staff_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "license_activations_device_idx" ON "license_activations" USING btree ("license_id","fingerprint");--> statement-breakpoint
CREATE INDEX "licenses_merchant_idx" ON "licenses" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "license_events_license_idx" ON "license_events" USING btree ("license_id","at");--> statement-breakpoint
CREATE INDEX "merchant_autonomy_expires_idx" ON "merchant_autonomy" USING btree ("expires_on") WHERE "expires_on" is not null;--> statement-breakpoint
-- The three products of brief E and a few policies (Keygen's duration and maxMachines).
INSERT INTO "license_products" ("code", "name") VALUES ('white-label', 'White-label gateway'), ('pos', 'POS app'), ('plugin', 'Plugin');--> statement-breakpoint
INSERT INTO "license_policies" ("product_id", "name", "duration_days", "max_machines")
SELECT p."id", v."name", v."duration_days", v."max_machines"
FROM (VALUES
	(1, 'white-label', 'Partner annual', 365, 5),
	(2, 'pos', 'Store annual', 365, 10),
	(3, 'pos', 'Store monthly', 30, 3),
	(4, 'plugin', 'Single site annual', 365, 1),
	(5, 'plugin', 'Trial 30 days', 30, 1)
) AS v("ord", "code", "name", "duration_days", "max_machines")
JOIN "license_products" p ON p."code" = v."code"
ORDER BY v."ord";
