-- The Transaction Failure box at 100,000 failure causes (ADR 0010): the total without a keyword kept per
-- Sticky flag by triggers, an index per sort with the flag in it, and one lower-cased search column with a
-- trigram index (pg_trgm comes from migration 0003).
CREATE TABLE "failure_cause_counts" (
	"sticky" smallint PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "failure_causes_created_idx";--> statement-breakpoint
ALTER TABLE "failure_causes" ADD COLUMN "search" text GENERATED ALWAYS AS (lower("failure" || chr(31) || "address" || chr(31) || coalesce("notes", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "failure_causes_updated_idx" ON "failure_causes" USING btree ("updated_on","id","sticky");--> statement-breakpoint
CREATE INDEX "failure_causes_search_trgm_idx" ON "failure_causes" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "failure_causes_sticky_idx" ON "failure_causes" USING btree ("id") WHERE "failure_causes"."sticky" = 1;--> statement-breakpoint
CREATE INDEX "failure_causes_coin_idx" ON "failure_causes" USING btree ("alt_coin_id");--> statement-breakpoint
CREATE INDEX "failure_causes_created_idx" ON "failure_causes" USING btree ("created_on","id","sticky");--> statement-breakpoint
-- As for transaction_day_counts (migration 0007): one aggregated delta per Sticky value and statement.
CREATE FUNCTION failure_cause_counts_after_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO failure_cause_counts AS c (sticky, n)
    SELECT sticky, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (sticky) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION failure_cause_counts_after_delete() RETURNS trigger AS $$
BEGIN
  INSERT INTO failure_cause_counts AS c (sticky, n)
    SELECT sticky, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (sticky) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Only a change of the Sticky flag moves a count: a row trigger behind a WHEN clause, so saving notes costs
-- nothing here (as transaction_counts_update, migration 0007).
CREATE FUNCTION failure_cause_counts_after_update() RETURNS trigger AS $$
BEGIN
  INSERT INTO failure_cause_counts AS c (sticky, n)
    SELECT sticky, delta FROM (VALUES (OLD.sticky, -1), (NEW.sticky, 1)) d (sticky, delta) ORDER BY 1
    ON CONFLICT (sticky) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION failure_cause_counts_after_truncate() RETURNS trigger AS $$
BEGIN
  TRUNCATE failure_cause_counts;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER failure_cause_counts_insert AFTER INSERT ON failure_causes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION failure_cause_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER failure_cause_counts_delete AFTER DELETE ON failure_causes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION failure_cause_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER failure_cause_counts_update AFTER UPDATE OF sticky ON failure_causes
  FOR EACH ROW WHEN (OLD.sticky IS DISTINCT FROM NEW.sticky)
  EXECUTE FUNCTION failure_cause_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER failure_cause_counts_truncate AFTER TRUNCATE ON failure_causes
  FOR EACH STATEMENT EXECUTE FUNCTION failure_cause_counts_after_truncate();
--> statement-breakpoint
INSERT INTO failure_cause_counts (sticky, n) SELECT sticky, count(*) FROM failure_causes GROUP BY 1;
