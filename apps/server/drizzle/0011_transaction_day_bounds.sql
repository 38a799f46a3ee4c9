CREATE TABLE "transaction_day_bounds" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"prefix" char(1) NOT NULL,
	"min_transaction_id" bigint NOT NULL,
	"min_shown_on" timestamp with time zone NOT NULL,
	CONSTRAINT "transaction_day_bounds_day_status_prefix_pk" PRIMARY KEY("day","status","prefix")
);
--> statement-breakpoint
-- The date SPEC §4 shows for a row, as shownDateOf() in schema.ts writes it for the list and its index.
CREATE FUNCTION transaction_shown_on(status text, expired_on timestamptz, confirmed_on timestamptz,
    created_on timestamptz) RETURNS timestamptz AS $$
  SELECT CASE WHEN status = 'expired' THEN coalesce(expired_on, created_on)
              WHEN status IN ('paid', 'underpaid') THEN coalesce(confirmed_on, created_on)
              ELSE created_on END
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;
--> statement-breakpoint
-- Per-day lower bounds of TransactionID and of the shown date by status and prefix (ADR 0010), for the
-- ascending sorts by those columns: their walk starts at the least bound of the range's days and chosen
-- statuses. A bound may only go down: an insert or an update lowers it when its row goes below it, a delete
-- leaves it (still a bound, if a loose one). The writers check before they write: almost every new row lies
-- above its key's bounds (the platform numbers and dates rows as they come), and a check that finds nothing
-- to do takes no lock, so the day's writers do not queue on its bounds rows as they would on an upsert.
CREATE FUNCTION transaction_bounds_after_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO transaction_day_bounds AS b (day, status, prefix, min_transaction_id, min_shown_on)
    SELECT g.day, g.status, g.prefix, g.min_transaction_id, g.min_shown_on
    FROM (
      SELECT (created_on AT TIME ZONE 'UTC')::date AS day, status, prefix,
        min(transaction_id) AS min_transaction_id,
        min(transaction_shown_on(status, expired_on, confirmed_on, created_on)) AS min_shown_on
      FROM new_rows GROUP BY 1, 2, 3
    ) g
    WHERE NOT EXISTS (SELECT FROM transaction_day_bounds x
      WHERE x.day = g.day AND x.status = g.status AND x.prefix = g.prefix
        AND x.min_transaction_id <= g.min_transaction_id AND x.min_shown_on <= g.min_shown_on)
    ORDER BY 1, 2, 3
    ON CONFLICT (day, status, prefix) DO UPDATE SET
      min_transaction_id = least(b.min_transaction_id, excluded.min_transaction_id),
      min_shown_on = least(b.min_shown_on, excluded.min_shown_on);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION transaction_bounds_after_update() RETURNS trigger AS $$
DECLARE
  row_day date := (NEW.created_on AT TIME ZONE 'UTC')::date;
  shown timestamptz := transaction_shown_on(NEW.status, NEW.expired_on, NEW.confirmed_on, NEW.created_on);
BEGIN
  IF NOT EXISTS (SELECT FROM transaction_day_bounds x
      WHERE x.day = row_day AND x.status = NEW.status AND x.prefix = NEW.prefix
        AND x.min_transaction_id <= NEW.transaction_id AND x.min_shown_on <= shown) THEN
    INSERT INTO transaction_day_bounds AS b (day, status, prefix, min_transaction_id, min_shown_on)
      VALUES (row_day, NEW.status, NEW.prefix, NEW.transaction_id, shown)
      ON CONFLICT (day, status, prefix) DO UPDATE SET
        min_transaction_id = least(b.min_transaction_id, excluded.min_transaction_id),
        min_shown_on = least(b.min_shown_on, excluded.min_shown_on);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION transaction_bounds_after_truncate() RETURNS trigger AS $$
BEGIN
  TRUNCATE transaction_day_bounds;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER transaction_bounds_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_bounds_after_insert();
--> statement-breakpoint
-- Only an update that can take its row below its key's bounds calls the function: a smaller TransactionID,
-- another status, prefix or day, or an earlier shown date. A status change (a payment being paid) checks its
-- new key, usually without writing.
CREATE TRIGGER transaction_bounds_update
  AFTER UPDATE OF transaction_id, prefix, status, created_on, expired_on, confirmed_on ON transactions
  FOR EACH ROW WHEN (NEW.transaction_id < OLD.transaction_id
    OR NEW.status IS DISTINCT FROM OLD.status OR NEW.prefix IS DISTINCT FROM OLD.prefix
    OR (NEW.created_on AT TIME ZONE 'UTC')::date IS DISTINCT FROM (OLD.created_on AT TIME ZONE 'UTC')::date
    OR transaction_shown_on(NEW.status, NEW.expired_on, NEW.confirmed_on, NEW.created_on)
       < transaction_shown_on(OLD.status, OLD.expired_on, OLD.confirmed_on, OLD.created_on))
  EXECUTE FUNCTION transaction_bounds_after_update();
--> statement-breakpoint
CREATE TRIGGER transaction_bounds_truncate AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION transaction_bounds_after_truncate();
--> statement-breakpoint
-- The rows already there.
INSERT INTO transaction_day_bounds (day, status, prefix, min_transaction_id, min_shown_on)
  SELECT (created_on AT TIME ZONE 'UTC')::date, status, prefix, min(transaction_id),
    min(transaction_shown_on(status, expired_on, confirmed_on, created_on))
  FROM transactions GROUP BY 1, 2, 3;
