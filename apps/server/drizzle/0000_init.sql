CREATE TABLE "alt_coins" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"long_name" text NOT NULL,
	"is_online" boolean DEFAULT true NOT NULL,
	"priority" smallint DEFAULT 5 NOT NULL,
	"v_fiat" smallint DEFAULT 0 NOT NULL,
	"buy_enabled" boolean DEFAULT true NOT NULL,
	"block_explorer" text
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_staff_id" integer,
	"actor_username" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"staff_id" integer,
	"direction" text NOT NULL,
	"message" text NOT NULL,
	"created_on" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_reads" (
	"staff_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"last_read_message_id" bigint NOT NULL,
	CONSTRAINT "chat_reads_staff_id_merchant_id_pk" PRIMARY KEY("staff_id","merchant_id")
);
--> statement-breakpoint
CREATE TABLE "exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "failure_causes" (
	"id" serial PRIMARY KEY NOT NULL,
	"alt_coin_id" integer NOT NULL,
	"failure" text NOT NULL,
	"address" text NOT NULL,
	"notes" text,
	"sticky" smallint DEFAULT 0 NOT NULL,
	"created_on" timestamp with time zone NOT NULL,
	"updated_on" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"status" text NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_on" timestamp with time zone NOT NULL,
	"last_updated_on" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"lockouts" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_title" text NOT NULL,
	"owner_nick_name" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"api_key" text NOT NULL,
	"country" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"payout_schema" text DEFAULT 'wallet' NOT NULL,
	"risk_profile_id" smallint DEFAULT 1 NOT NULL,
	"referral" text,
	"disable_checkout" boolean DEFAULT false NOT NULL,
	"disable_payout" boolean DEFAULT false NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"registered_on" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"prefix" char(1) NOT NULL,
	"transaction_id" bigint NOT NULL,
	"message" text NOT NULL,
	"created_on" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "payment_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"is_fiat" boolean DEFAULT false NOT NULL,
	"activated_label" text DEFAULT 'Activated' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "permissions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "rates" (
	"alt_coin_id" integer PRIMARY KEY NOT NULL,
	"eur" numeric(30, 12) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret" text,
	"totp_last_step" bigint,
	"role_id" integer NOT NULL,
	"api_key" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_on" timestamp with time zone,
	"password_changed_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_username_unique" UNIQUE("username"),
	CONSTRAINT "staff_email_unique" UNIQUE("email"),
	CONSTRAINT "staff_api_key_unique" UNIQUE("api_key")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"prefix" char(1) NOT NULL,
	"transaction_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"original_amount" numeric(30, 8) NOT NULL,
	"input_currency" text NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"alt_coin_id" integer NOT NULL,
	"status" text NOT NULL,
	"not_enough" smallint DEFAULT 0 NOT NULL,
	"transaction_type" text NOT NULL,
	"external_provider" text,
	"created_on" timestamp with time zone NOT NULL,
	"expired_on" timestamp with time zone,
	"confirmed_on" timestamp with time zone,
	"updated_on" timestamp with time zone NOT NULL,
	"security" text NOT NULL,
	"customer_reference" text,
	"coin_address" text NOT NULL,
	"xchange_id" bigint,
	"master_transaction_id" bigint,
	"comments" text,
	"revolut_id" text,
	"email" text,
	"confirm_url" text,
	"fail_url" text,
	"invoice_cc" text,
	"tag" text,
	"fiat_confirmed_amount" numeric(30, 8),
	"original_amount_fee" numeric(30, 8),
	"revenue_eur" numeric(30, 8) DEFAULT '0' NOT NULL,
	"volume_eur" numeric(30, 8) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_bot_challenges" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failure_causes" ADD CONSTRAINT "failure_causes_alt_coin_id_alt_coins_id_fk" FOREIGN KEY ("alt_coin_id") REFERENCES "public"."alt_coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_alt_coin_id_alt_coins_id_fk" FOREIGN KEY ("alt_coin_id") REFERENCES "public"."alt_coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_alt_coin_id_alt_coins_id_fk" FOREIGN KEY ("alt_coin_id") REFERENCES "public"."alt_coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "chat_messages_merchant_idx" ON "chat_messages" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "failure_causes_created_idx" ON "failure_causes" USING btree ("created_on");--> statement-breakpoint
CREATE INDEX "kyc_status_updated_idx" ON "kyc_submissions" USING btree ("status","last_updated_on");--> statement-breakpoint
CREATE INDEX "merchants_registered_idx" ON "merchants" USING btree ("registered_on");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_on");--> statement-breakpoint
CREATE INDEX "sessions_staff_idx" ON "sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_ref_idx" ON "transactions" USING btree ("prefix","transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_on","id");--> statement-breakpoint
CREATE INDEX "transactions_merchant_created_idx" ON "transactions" USING btree ("merchant_id","created_on");--> statement-breakpoint
CREATE INDEX "transactions_status_created_idx" ON "transactions" USING btree ("status","created_on");--> statement-breakpoint
CREATE INDEX "transactions_security_idx" ON "transactions" USING btree ("security");--> statement-breakpoint
CREATE INDEX "transactions_address_idx" ON "transactions" USING btree ("coin_address");