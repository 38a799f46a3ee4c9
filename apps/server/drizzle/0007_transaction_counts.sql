CREATE TABLE "transaction_day_counts" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"prefix" char(1) NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "transaction_day_counts_day_status_prefix_slot_pk" PRIMARY KEY("day","status","prefix","slot")
);
--> statement-breakpoint
CREATE TABLE "transaction_merchant_day_counts" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"prefix" char(1) NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "transaction_merchant_day_counts_merchant_id_day_status_prefix_pk" PRIMARY KEY("merchant_id","day","status","prefix")
);
--> statement-breakpoint
-- The dashboard's totals (ADR 0010), kept by the database on every write to transactions, in the writer's
-- own transaction. Inserts and deletes: statement-level triggers read the statement's rows (transition
-- tables) and add one aggregated delta per key, so a bulk insert of a million rows costs one grouped
-- upsert, not a million. Keys are upserted in sorted order, merchants' table first, so two writers lock
-- them in the same order. Every write of the current day meets on the same few keys of the overall table, so
-- each key is spread over 8 slot rows, the writer's by its backend (connection): concurrent writers rarely
-- wait on each other's counter row until commit, and a reader sums the slots.
CREATE FUNCTION transaction_counts_after_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO transaction_merchant_day_counts AS c (merchant_id, day, status, prefix, n)
    SELECT merchant_id, (created_on AT TIME ZONE 'UTC')::date, status, prefix, count(*)
    FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (merchant_id, day, status, prefix) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO transaction_day_counts AS c (day, status, prefix, slot, n)
    SELECT (created_on AT TIME ZONE 'UTC')::date, status, prefix, pg_backend_pid() % 8, count(*)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, status, prefix, slot) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION transaction_counts_after_delete() RETURNS trigger AS $$
BEGIN
  INSERT INTO transaction_merchant_day_counts AS c (merchant_id, day, status, prefix, n)
    SELECT merchant_id, (created_on AT TIME ZONE 'UTC')::date, status, prefix, -count(*)
    FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (merchant_id, day, status, prefix) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO transaction_day_counts AS c (day, status, prefix, slot, n)
    SELECT (created_on AT TIME ZONE 'UTC')::date, status, prefix, pg_backend_pid() % 8, -count(*)
    FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, status, prefix, slot) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- An update moves a row between keys only when its status, prefix, merchant or day changes, and most
-- updates (comments, confirmation dates, the Sticky-free rest of the row) change none of them: a row trigger
-- whose WHEN clause is checked before any function is called costs those nothing. The old key counts -1 and
-- the new one +1, summed per key (two equal keys cancel out) and written in key order.
CREATE FUNCTION transaction_counts_after_update() RETURNS trigger AS $$
BEGIN
  INSERT INTO transaction_merchant_day_counts AS c (merchant_id, day, status, prefix, n)
    SELECT merchant_id, day, status, prefix, sum(delta) FROM (VALUES
      (OLD.merchant_id, (OLD.created_on AT TIME ZONE 'UTC')::date, OLD.status, OLD.prefix, -1),
      (NEW.merchant_id, (NEW.created_on AT TIME ZONE 'UTC')::date, NEW.status, NEW.prefix, 1)
    ) d (merchant_id, day, status, prefix, delta)
    GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (merchant_id, day, status, prefix) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO transaction_day_counts AS c (day, status, prefix, slot, n)
    SELECT day, status, prefix, pg_backend_pid() % 8, sum(delta) FROM (VALUES
      ((OLD.created_on AT TIME ZONE 'UTC')::date, OLD.status, OLD.prefix, -1),
      ((NEW.created_on AT TIME ZONE 'UTC')::date, NEW.status, NEW.prefix, 1)
    ) d (day, status, prefix, delta)
    GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (day, status, prefix, slot) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION transaction_counts_after_truncate() RETURNS trigger AS $$
BEGIN
  TRUNCATE transaction_merchant_day_counts, transaction_day_counts;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER transaction_counts_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER transaction_counts_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER transaction_counts_update AFTER UPDATE OF status, prefix, merchant_id, created_on ON transactions
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.prefix IS DISTINCT FROM NEW.prefix
    OR OLD.merchant_id IS DISTINCT FROM NEW.merchant_id
    OR (OLD.created_on AT TIME ZONE 'UTC')::date IS DISTINCT FROM (NEW.created_on AT TIME ZONE 'UTC')::date)
  EXECUTE FUNCTION transaction_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER transaction_counts_truncate AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_after_truncate();
--> statement-breakpoint
-- The rows already there (the triggers see only what is written from now on).
INSERT INTO transaction_merchant_day_counts (merchant_id, day, status, prefix, n)
  SELECT merchant_id, (created_on AT TIME ZONE 'UTC')::date, status, prefix, count(*)
  FROM transactions GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO transaction_day_counts (day, status, prefix, slot, n)
  SELECT day, status, prefix, 0, sum(n) FROM transaction_merchant_day_counts GROUP BY 1, 2, 3;
