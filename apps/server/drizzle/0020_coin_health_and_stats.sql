-- Coin Health and AltCoin Stats (ADR 0017).
-- What an administrator allows per coin; the probe's findings are judged against it when read.
CREATE TABLE "coin_health_thresholds" (
	"alt_coin_id" integer PRIMARY KEY NOT NULL REFERENCES "alt_coins"("id"),
	"max_lag_blocks" integer NOT NULL,
	"confirmations" integer NOT NULL,
	"max_block_age_minutes" integer NOT NULL,
	"hot_wallet_min" numeric(30, 8) NOT NULL,
	"hot_wallet_max" numeric(30, 8) NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" text
);
--> statement-breakpoint
-- One row per probe of a coin's node (kept COIN_HEALTH_RETENTION_DAYS days): the list reads each coin's
-- newest row and the detail a range of one coin's rows, both along (coin, time).
CREATE TABLE "coin_health_samples" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alt_coin_id" integer NOT NULL REFERENCES "alt_coins"("id"),
	"sampled_at" timestamp with time zone NOT NULL,
	"reachable" boolean NOT NULL,
	"node_height" bigint NOT NULL,
	"reference_height" bigint NOT NULL,
	"last_block_at" timestamp with time zone NOT NULL,
	"hot_wallet" numeric(30, 8) NOT NULL,
	"pending_deposits" integer NOT NULL,
	"pending_withdrawals" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "coin_health_samples_coin_at_idx" ON "coin_health_samples" ("alt_coin_id", "sampled_at" DESC, "id" DESC);
--> statement-breakpoint
-- Per coin and UTC day (by creation), filled by the stats.altcoin.daily job: a closed day once after
-- midnight (final), today again every few minutes (the live partial day). The screens read only this.
CREATE TABLE "coin_stats_daily" (
	"alt_coin_id" integer NOT NULL REFERENCES "alt_coins"("id"),
	"day" date NOT NULL,
	"incoming" integer NOT NULL,
	"paid" integer NOT NULL,
	"expired" integer NOT NULL,
	"underpaid" integer NOT NULL,
	"volume" numeric(38, 8) NOT NULL,
	"volume_eur" numeric(24, 2) NOT NULL,
	"confirmed" integer NOT NULL,
	"confirm_seconds" bigint NOT NULL,
	"avg_confirm_seconds" integer,
	"p95_confirm_seconds" integer,
	"payouts" integer NOT NULL,
	"payout_volume" numeric(38, 8) NOT NULL,
	"failures" integer NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coin_stats_daily_pk" PRIMARY KEY ("alt_coin_id", "day")
);
--> statement-breakpoint
CREATE INDEX "coin_stats_daily_day_idx" ON "coin_stats_daily" ("day", "alt_coin_id");
--> statement-breakpoint
-- Samples rolled up per coin and hour by the probe as it writes them: the detail's 7- and 30-day history
-- reads at most 720 of these per coin instead of 43,200 samples.
CREATE TABLE "coin_health_hourly" (
	"alt_coin_id" integer NOT NULL REFERENCES "alt_coins"("id"),
	"hour" timestamp with time zone NOT NULL,
	"min_node_height" bigint NOT NULL,
	"max_reference_height" bigint NOT NULL,
	"max_lag" bigint NOT NULL,
	"min_hot_wallet" numeric(30, 8) NOT NULL,
	"max_pending" integer NOT NULL,
	"worst" smallint NOT NULL,
	"samples" integer NOT NULL,
	CONSTRAINT "coin_health_hourly_pk" PRIMARY KEY ("alt_coin_id", "hour")
);
