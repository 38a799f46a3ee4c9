CREATE TABLE "provider_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"prefix" char(1) NOT NULL,
	"transaction_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"customer_reference" text,
	"details" jsonb NOT NULL,
	"created_on" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "provider_payments_tx_idx" ON "provider_payments" USING btree ("prefix","transaction_id","provider");--> statement-breakpoint
CREATE INDEX "provider_payments_reference_idx" ON "provider_payments" USING btree ("provider","customer_reference");