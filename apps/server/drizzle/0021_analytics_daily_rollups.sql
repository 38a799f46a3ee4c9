-- Infolytics and Charts (ADR 0020): daily roll-ups of the transactions per coin, per provider and per merchant,
-- kept by the database in the writer's own transaction like the dashboard's counts (ADR 0010, migration 0007).
-- One table per dimension, not one keyed by all three: at 15,000 transactions a day the day x coin x provider x
-- merchant x prefix keys numbered 8,000 a day (more than half the rows), so a 60-day read would sum ~500,000 rows;
-- per dimension a day has ~130 coin keys, ~60 provider keys and ~1,600 merchant keys.
-- paid: payments paid or underpaid (the dashboard's 24H box) and completed payouts; paid_volume_eur is those rows'
-- volume_eur; revenue_eur every row's. Money is numeric(30,8).
--> statement-breakpoint
CREATE TABLE "analytics_merchant_days" (
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"prefix" char(1) NOT NULL,
	"n" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"paid_volume_eur" numeric(30, 8) NOT NULL,
	"revenue_eur" numeric(30, 8) NOT NULL,
	CONSTRAINT "analytics_merchant_days_pk" PRIMARY KEY("day","merchant_id","prefix")
);
--> statement-breakpoint
CREATE TABLE "analytics_coin_days" (
	"day" date NOT NULL,
	"alt_coin_id" integer NOT NULL,
	"prefix" char(1) NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"paid_volume_eur" numeric(30, 8) NOT NULL,
	"revenue_eur" numeric(30, 8) NOT NULL,
	CONSTRAINT "analytics_coin_days_pk" PRIMARY KEY("day","alt_coin_id","prefix","slot")
);
--> statement-breakpoint
CREATE TABLE "analytics_provider_days" (
	"day" date NOT NULL,
	"provider" text NOT NULL,
	"prefix" char(1) NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"paid_volume_eur" numeric(30, 8) NOT NULL,
	"revenue_eur" numeric(30, 8) NOT NULL,
	CONSTRAINT "analytics_provider_days_pk" PRIMARY KEY("day","provider","prefix","slot")
);
--> statement-breakpoint
-- Inserts and deletes: statement-level triggers read the statement's rows (transition tables) and add one grouped
-- delta per key, so a bulk insert costs one grouped upsert per table. Keys are upserted in sorted order, the
-- merchants' table first, then coins, then providers, so two writers lock them in the same order. The coin and
-- provider keys of the current day are hot (every payment of a busy coin meets there), so, as in 0007, each is
-- spread over 8 slot rows by the writer's backend and a read sums the slots.
--> statement-breakpoint
CREATE FUNCTION analytics_days_after_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO analytics_merchant_days AS c (day, merchant_id, prefix, n, paid, paid_volume_eur, revenue_eur)
    SELECT day, merchant_id, prefix, sum(n), sum(paid), sum(paid_volume_eur), sum(revenue_eur) FROM (SELECT (created_on AT TIME ZONE 'UTC')::date AS day, merchant_id, alt_coin_id,
      coalesce(external_provider, '') AS provider, prefix, 1 AS n, (status IN ('paid', 'underpaid', 'payout-completed'))::int AS paid,
      CASE WHEN status IN ('paid', 'underpaid', 'payout-completed') THEN volume_eur ELSE 0 END AS paid_volume_eur, revenue_eur AS revenue_eur
    FROM new_rows) d
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(revenue_eur) <> 0 OR sum(paid_volume_eur) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (day, merchant_id, prefix) DO UPDATE SET n = c.n + excluded.n, paid = c.paid + excluded.paid,
      paid_volume_eur = c.paid_volume_eur + excluded.paid_volume_eur, revenue_eur = c.revenue_eur + excluded.revenue_eur;
  INSERT INTO analytics_coin_days AS c (day, alt_coin_id, prefix, slot, n, paid, paid_volume_eur, revenue_eur)
    SELECT day, alt_coin_id, prefix, pg_backend_pid() % 8, sum(n), sum(paid), sum(paid_volume_eur), sum(revenue_eur) FROM (SELECT (created_on AT TIME ZONE 'UTC')::date AS day, merchant_id, alt_coin_id,
      coalesce(external_provider, '') AS provider, prefix, 1 AS n, (status IN ('paid', 'underpaid', 'payout-completed'))::int AS paid,
      CASE WHEN status IN ('paid', 'underpaid', 'payout-completed') THEN volume_eur ELSE 0 END AS paid_volume_eur, revenue_eur AS revenue_eur
    FROM new_rows) d
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(revenue_eur) <> 0 OR sum(paid_volume_eur) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (day, alt_coin_id, prefix, slot) DO UPDATE SET n = c.n + excluded.n, paid = c.paid + excluded.paid,
      paid_volume_eur = c.paid_volume_eur + excluded.paid_volume_eur, revenue_eur = c.revenue_eur + excluded.revenue_eur;
  INSERT INTO analytics_provider_days AS c (day, provider, prefix, slot, n, paid, paid_volume_eur, revenue_eur)
    SELECT day, provider, prefix, pg_backend_pid() % 8, sum(n), sum(paid), sum(paid_volume_eur), sum(revenue_eur) FROM (SELECT (created_on AT TIME ZONE 'UTC')::date AS day, merchant_id, alt_coin_id,
      coalesce(external_provider, '') AS provider, prefix, 1 AS n, (status IN ('paid', 'underpaid', 'payout-completed'))::int AS paid,
      CASE WHEN status IN ('paid', 'underpaid', 'payout-completed') THEN volume_eur ELSE 0 END AS paid_volume_eur, revenue_eur AS revenue_eur
    FROM new_rows) d
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(revenue_eur) <> 0 OR sum(paid_volume_eur) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (day, provider, prefix, slot) DO UPDATE SET n = c.n + excluded.n, paid = c.paid + excluded.paid,
      paid_volume_eur = c.paid_volume_eur + excluded.paid_volume_eur, revenue_eur = c.revenue_eur + excluded.revenue_eur;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION analytics_days_after_delete() RETURNS trigger AS $$
BEGIN
  INSERT INTO analytics_merchant_days AS c (day, merchant_id, prefix, n, paid, paid_volume_eur, revenue_eur)
    SELECT day, merchant_id, prefix, sum(n), sum(paid), sum(paid_volume_eur), sum(revenue_eur) FROM (SELECT (created_on AT TIME ZONE 'UTC')::date AS day, merchant_id, alt_coin_id,
      coalesce(external_provider, '') AS provider, prefix, -1 AS n, -(status IN ('paid', 'underpaid', 'payout-completed'))::int AS paid,
      -CASE WHEN status IN ('paid', 'underpaid', 'payout-completed') THEN volume_eur ELSE 0 END AS paid_volume_eur, -revenue_eur AS revenue_eur
    FROM old_rows) d
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(revenue_eur) <> 0 OR sum(paid_volume_eur) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (day, merchant_id, prefix) DO UPDATE SET n = c.n + excluded.n, paid = c.paid + excluded.paid,
      paid_volume_eur = c.paid_volume_eur + excluded.paid_volume_eur, revenue_eur = c.revenue_eur + excluded.revenue_eur;
  INSERT INTO analytics_coin_days AS c (day, alt_coin_id, prefix, slot, n, paid, paid_volume_eur, revenue_eur)
    SELECT day, alt_coin_id, prefix, pg_backend_pid() % 8, sum(n), sum(paid), sum(paid_volume_eur), sum(revenue_eur) FROM (SELECT (created_on AT TIME ZONE 'UTC')::date AS day, merchant_id, alt_coin_id,
      coalesce(external_provider, '') AS provider, prefix, -1 AS n, -(status IN ('paid', 'underpaid', 'payout-completed'))::int AS paid,
      -CASE WHEN status IN ('paid', 'underpaid', 'payout-completed') THEN volume_eur ELSE 0 END AS paid_volume_eur, -revenue_eur AS revenue_eur
    FROM old_rows) d
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(revenue_eur) <> 0 OR sum(paid_volume_eur) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (day, alt_coin_id, prefix, slot) DO UPDATE SET n = c.n + excluded.n, paid = c.paid + excluded.paid,
      paid_volume_eur = c.paid_volume_eur + excluded.paid_volume_eur, revenue_eur = c.revenue_eur + excluded.revenue_eur;
  INSERT INTO analytics_provider_days AS c (day, provider, prefix, slot, n, paid, paid_volume_eur, revenue_eur)
    SELECT day, provider, prefix, pg_backend_pid() % 8, sum(n), sum(paid), sum(paid_volume_eur), sum(revenue_eur) FROM (SELECT (created_on AT TIME ZONE 'UTC')::date AS day, merchant_id, alt_coin_id,
      coalesce(external_provider, '') AS provider, prefix, -1 AS n, -(status IN ('paid', 'underpaid', 'payout-completed'))::int AS paid,
      -CASE WHEN status IN ('paid', 'underpaid', 'payout-completed') THEN volume_eur ELSE 0 END AS paid_volume_eur, -revenue_eur AS revenue_eur
    FROM old_rows) d
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(revenue_eur) <> 0 OR sum(paid_volume_eur) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (day, provider, prefix, slot) DO UPDATE SET n = c.n + excluded.n, paid = c.paid + excluded.paid,
      paid_volume_eur = c.paid_volume_eur + excluded.paid_volume_eur, revenue_eur = c.revenue_eur + excluded.revenue_eur;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- An update moves a row's figures only when a key or a figure changes (status, prefix, merchant, coin, provider,
-- day, volume or revenue): the WHEN clause is checked before any function is called, so comments, confirmation
-- dates and the rest cost nothing. The old row counts negative and the new one positive, summed per key (a
-- status change inside one key changes paid and revenue only) and written in key order.
--> statement-breakpoint
CREATE FUNCTION analytics_days_after_update() RETURNS trigger AS $$
BEGIN
  INSERT INTO analytics_merchant_days AS c (day, merchant_id, prefix, n, paid, paid_volume_eur, revenue_eur)
    SELECT day, merchant_id, prefix, sum(n), sum(paid), sum(paid_volume_eur), sum(revenue_eur) FROM (SELECT (r.created_on AT TIME ZONE 'UTC')::date AS day, r.merchant_id, r.alt_coin_id,
      coalesce(r.external_provider, '') AS provider, r.prefix, r.sign AS n, r.sign * (r.status IN ('paid', 'underpaid', 'payout-completed'))::int AS paid,
      r.sign * CASE WHEN r.status IN ('paid', 'underpaid', 'payout-completed') THEN r.volume_eur ELSE 0 END AS paid_volume_eur, r.sign * r.revenue_eur AS revenue_eur
    FROM (VALUES
      (OLD.created_on, OLD.merchant_id, OLD.alt_coin_id, OLD.external_provider, OLD.prefix, OLD.status, OLD.volume_eur, OLD.revenue_eur, -1),
      (NEW.created_on, NEW.merchant_id, NEW.alt_coin_id, NEW.external_provider, NEW.prefix, NEW.status, NEW.volume_eur, NEW.revenue_eur, 1)
    ) r (created_on, merchant_id, alt_coin_id, external_provider, prefix, status, volume_eur, revenue_eur, sign)) d
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(revenue_eur) <> 0 OR sum(paid_volume_eur) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (day, merchant_id, prefix) DO UPDATE SET n = c.n + excluded.n, paid = c.paid + excluded.paid,
      paid_volume_eur = c.paid_volume_eur + excluded.paid_volume_eur, revenue_eur = c.revenue_eur + excluded.revenue_eur;
  INSERT INTO analytics_coin_days AS c (day, alt_coin_id, prefix, slot, n, paid, paid_volume_eur, revenue_eur)
    SELECT day, alt_coin_id, prefix, pg_backend_pid() % 8, sum(n), sum(paid), sum(paid_volume_eur), sum(revenue_eur) FROM (SELECT (r.created_on AT TIME ZONE 'UTC')::date AS day, r.merchant_id, r.alt_coin_id,
      coalesce(r.external_provider, '') AS provider, r.prefix, r.sign AS n, r.sign * (r.status IN ('paid', 'underpaid', 'payout-completed'))::int AS paid,
      r.sign * CASE WHEN r.status IN ('paid', 'underpaid', 'payout-completed') THEN r.volume_eur ELSE 0 END AS paid_volume_eur, r.sign * r.revenue_eur AS revenue_eur
    FROM (VALUES
      (OLD.created_on, OLD.merchant_id, OLD.alt_coin_id, OLD.external_provider, OLD.prefix, OLD.status, OLD.volume_eur, OLD.revenue_eur, -1),
      (NEW.created_on, NEW.merchant_id, NEW.alt_coin_id, NEW.external_provider, NEW.prefix, NEW.status, NEW.volume_eur, NEW.revenue_eur, 1)
    ) r (created_on, merchant_id, alt_coin_id, external_provider, prefix, status, volume_eur, revenue_eur, sign)) d
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(revenue_eur) <> 0 OR sum(paid_volume_eur) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (day, alt_coin_id, prefix, slot) DO UPDATE SET n = c.n + excluded.n, paid = c.paid + excluded.paid,
      paid_volume_eur = c.paid_volume_eur + excluded.paid_volume_eur, revenue_eur = c.revenue_eur + excluded.revenue_eur;
  INSERT INTO analytics_provider_days AS c (day, provider, prefix, slot, n, paid, paid_volume_eur, revenue_eur)
    SELECT day, provider, prefix, pg_backend_pid() % 8, sum(n), sum(paid), sum(paid_volume_eur), sum(revenue_eur) FROM (SELECT (r.created_on AT TIME ZONE 'UTC')::date AS day, r.merchant_id, r.alt_coin_id,
      coalesce(r.external_provider, '') AS provider, r.prefix, r.sign AS n, r.sign * (r.status IN ('paid', 'underpaid', 'payout-completed'))::int AS paid,
      r.sign * CASE WHEN r.status IN ('paid', 'underpaid', 'payout-completed') THEN r.volume_eur ELSE 0 END AS paid_volume_eur, r.sign * r.revenue_eur AS revenue_eur
    FROM (VALUES
      (OLD.created_on, OLD.merchant_id, OLD.alt_coin_id, OLD.external_provider, OLD.prefix, OLD.status, OLD.volume_eur, OLD.revenue_eur, -1),
      (NEW.created_on, NEW.merchant_id, NEW.alt_coin_id, NEW.external_provider, NEW.prefix, NEW.status, NEW.volume_eur, NEW.revenue_eur, 1)
    ) r (created_on, merchant_id, alt_coin_id, external_provider, prefix, status, volume_eur, revenue_eur, sign)) d
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(revenue_eur) <> 0 OR sum(paid_volume_eur) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (day, provider, prefix, slot) DO UPDATE SET n = c.n + excluded.n, paid = c.paid + excluded.paid,
      paid_volume_eur = c.paid_volume_eur + excluded.paid_volume_eur, revenue_eur = c.revenue_eur + excluded.revenue_eur;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION analytics_days_after_truncate() RETURNS trigger AS $$
BEGIN
  TRUNCATE analytics_merchant_days, analytics_coin_days, analytics_provider_days;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER analytics_days_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_days_after_insert();
--> statement-breakpoint
CREATE TRIGGER analytics_days_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_days_after_delete();
--> statement-breakpoint
CREATE TRIGGER analytics_days_update
  AFTER UPDATE OF status, prefix, merchant_id, alt_coin_id, external_provider, created_on, volume_eur, revenue_eur ON transactions
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.prefix IS DISTINCT FROM NEW.prefix
    OR OLD.merchant_id IS DISTINCT FROM NEW.merchant_id OR OLD.alt_coin_id IS DISTINCT FROM NEW.alt_coin_id
    OR OLD.external_provider IS DISTINCT FROM NEW.external_provider
    OR OLD.volume_eur IS DISTINCT FROM NEW.volume_eur OR OLD.revenue_eur IS DISTINCT FROM NEW.revenue_eur
    OR (OLD.created_on AT TIME ZONE 'UTC')::date IS DISTINCT FROM (NEW.created_on AT TIME ZONE 'UTC')::date)
  EXECUTE FUNCTION analytics_days_after_update();
--> statement-breakpoint
CREATE TRIGGER analytics_days_truncate AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_days_after_truncate();
--> statement-breakpoint
-- The rows already there (the triggers see only what is written from now on).
--> statement-breakpoint
INSERT INTO analytics_merchant_days (day, merchant_id, prefix, n, paid, paid_volume_eur, revenue_eur)
  SELECT day, merchant_id, prefix, sum(n), sum(paid), sum(paid_volume_eur), sum(revenue_eur) FROM (SELECT (created_on AT TIME ZONE 'UTC')::date AS day, merchant_id, alt_coin_id,
      coalesce(external_provider, '') AS provider, prefix, 1 AS n, (status IN ('paid', 'underpaid', 'payout-completed'))::int AS paid,
      CASE WHEN status IN ('paid', 'underpaid', 'payout-completed') THEN volume_eur ELSE 0 END AS paid_volume_eur, revenue_eur AS revenue_eur
    FROM transactions) d
  GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO analytics_coin_days (day, alt_coin_id, prefix, slot, n, paid, paid_volume_eur, revenue_eur)
  SELECT day, alt_coin_id, prefix, 0, sum(n), sum(paid), sum(paid_volume_eur), sum(revenue_eur) FROM (SELECT (created_on AT TIME ZONE 'UTC')::date AS day, merchant_id, alt_coin_id,
      coalesce(external_provider, '') AS provider, prefix, 1 AS n, (status IN ('paid', 'underpaid', 'payout-completed'))::int AS paid,
      CASE WHEN status IN ('paid', 'underpaid', 'payout-completed') THEN volume_eur ELSE 0 END AS paid_volume_eur, revenue_eur AS revenue_eur
    FROM transactions) d
  GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO analytics_provider_days (day, provider, prefix, slot, n, paid, paid_volume_eur, revenue_eur)
  SELECT day, provider, prefix, 0, sum(n), sum(paid), sum(paid_volume_eur), sum(revenue_eur) FROM (SELECT (created_on AT TIME ZONE 'UTC')::date AS day, merchant_id, alt_coin_id,
      coalesce(external_provider, '') AS provider, prefix, 1 AS n, (status IN ('paid', 'underpaid', 'payout-completed'))::int AS paid,
      CASE WHEN status IN ('paid', 'underpaid', 'payout-completed') THEN volume_eur ELSE 0 END AS paid_volume_eur, revenue_eur AS revenue_eur
    FROM transactions) d
  GROUP BY 1, 2, 3;
