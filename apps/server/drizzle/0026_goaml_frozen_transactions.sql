-- A final report's transaction list is part of the record filed with the FIU (ADR 0022): like the report
-- itself (0023's goaml_reports_final_frozen) it is never added to, changed or deleted afterwards. The
-- repository writes the list while the report is a draft and makes it final last. A draft's rows go with the
-- draft (ON DELETE CASCADE): its parent is already gone or still a draft then, so the check lets them go.
CREATE FUNCTION goaml_report_transactions_frozen() RETURNS trigger AS $$
DECLARE
  parent_status text;
BEGIN
  SELECT status INTO parent_status FROM goaml_reports
    WHERE id = CASE WHEN TG_OP = 'INSERT' THEN NEW.report_id ELSE OLD.report_id END;
  IF parent_status = 'final' THEN
    RAISE EXCEPTION 'goAML report % is final: its transactions cannot be changed',
      CASE WHEN TG_OP = 'INSERT' THEN NEW.report_id ELSE OLD.report_id END;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.report_id <> OLD.report_id THEN
    SELECT status INTO parent_status FROM goaml_reports WHERE id = NEW.report_id;
    IF parent_status = 'final' THEN
      RAISE EXCEPTION 'goAML report % is final: its transactions cannot be changed', NEW.report_id;
    END IF;
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER goaml_report_transactions_frozen BEFORE INSERT OR UPDATE OR DELETE ON "goaml_report_transactions"
  FOR EACH ROW EXECUTE FUNCTION goaml_report_transactions_frozen();
