CREATE TABLE "sandbox_ledgers" (
	"chain" text PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"chain" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text NOT NULL,
	"tx_hash" text,
	"error" text,
	"staff_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "pool_actions_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "pool_actions" ADD CONSTRAINT "pool_actions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pool_actions_subject_idx" ON "pool_actions" USING btree ("chain","subject","created_at");--> statement-breakpoint
CREATE INDEX "pool_actions_running_idx" ON "pool_actions" USING btree ("chain","created_at") WHERE "pool_actions"."state" = 'running';--> statement-breakpoint
CREATE TABLE "xrp_pool_accounts" (
	"address" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"balance_drops" bigint DEFAULT 0 NOT NULL,
	"reserve_drops" bigint DEFAULT 0 NOT NULL,
	"sequence" integer DEFAULT 1 NOT NULL,
	"require_dest" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "xrp_pool_accounts_role_idx" ON "xrp_pool_accounts" USING btree ("role");--> statement-breakpoint
CREATE TABLE "xrp_inbound_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx_hash" text NOT NULL,
	"ledger_index" bigint NOT NULL,
	"account" text NOT NULL,
	"from_address" text NOT NULL,
	"dest_tag" bigint,
	"amount_drops" bigint NOT NULL,
	"matched_transaction_id" bigint,
	"status" text NOT NULL,
	"note" text,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "xrp_inbound_payments_tx_hash_unique" UNIQUE("tx_hash")
);
--> statement-breakpoint
ALTER TABLE "xrp_inbound_payments" ADD CONSTRAINT "xrp_inbound_payments_account_xrp_pool_accounts_address_fk" FOREIGN KEY ("account") REFERENCES "public"."xrp_pool_accounts"("address") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xrp_inbound_payments" ADD CONSTRAINT "xrp_inbound_payments_matched_transaction_id_transactions_id_fk" FOREIGN KEY ("matched_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "xrp_inbound_payments_received_idx" ON "xrp_inbound_payments" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "xrp_inbound_payments_status_idx" ON "xrp_inbound_payments" USING btree ("status","received_at","id");--> statement-breakpoint
CREATE INDEX "xrp_inbound_payments_attention_idx" ON "xrp_inbound_payments" USING btree ("received_at","id","amount_drops") WHERE "xrp_inbound_payments"."status" IN ('unmatched-no-tag', 'unmatched-unknown-tag', 'underpaid');--> statement-breakpoint
CREATE INDEX "xrp_inbound_payments_matched_idx" ON "xrp_inbound_payments" USING btree ("matched_transaction_id");--> statement-breakpoint
CREATE TABLE "evm_deposit_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"derivation_index" integer NOT NULL,
	"token" text NOT NULL,
	"balance_units" numeric(78, 0) DEFAULT '0' NOT NULL,
	"gas_wei" numeric(78, 0) DEFAULT '0' NOT NULL,
	"state" text NOT NULL,
	"last_tx_hash" text,
	"last_error" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "evm_deposit_addresses_address_token_idx" ON "evm_deposit_addresses" USING btree ("address","token");--> statement-breakpoint
CREATE INDEX "evm_deposit_addresses_updated_idx" ON "evm_deposit_addresses" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "evm_deposit_addresses_state_idx" ON "evm_deposit_addresses" USING btree ("state","updated_at","id");--> statement-breakpoint
CREATE INDEX "evm_deposit_addresses_token_idx" ON "evm_deposit_addresses" USING btree ("token","updated_at","id");--> statement-breakpoint
CREATE INDEX "evm_deposit_addresses_to_sweep_idx" ON "evm_deposit_addresses" USING btree ("updated_at","id","token","balance_units") WHERE "evm_deposit_addresses"."state" IN ('gas_required', 'waiting_for_gas', 'ready_for_accumulation', 'gas_price_too_high', 'failed');--> statement-breakpoint
CREATE TABLE "evm_sweeps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"action_id" bigint NOT NULL,
	"deposit_id" integer NOT NULL,
	"type" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"token" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"tx_hash" text NOT NULL,
	"nonce" integer NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "evm_sweeps_tx_hash_unique" UNIQUE("tx_hash")
);
--> statement-breakpoint
ALTER TABLE "evm_sweeps" ADD CONSTRAINT "evm_sweeps_action_id_pool_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."pool_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evm_sweeps" ADD CONSTRAINT "evm_sweeps_deposit_id_evm_deposit_addresses_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."evm_deposit_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evm_sweeps_deposit_idx" ON "evm_sweeps" USING btree ("deposit_id","created_at");
