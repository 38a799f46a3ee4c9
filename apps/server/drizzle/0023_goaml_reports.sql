-- FIU goAML reports (ADR 0022): drafts keep the typed input and their last validation errors; a final report
-- is frozen with the XML that validated against the goAML XSD, its sha256 and who generated it.
CREATE TABLE "goaml_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_code" text NOT NULL,
	"status" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"input" jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transaction_count" integer NOT NULL,
	"xml" text,
	"sha256" text,
	"schema_name" text,
	"created_by_staff_id" integer NOT NULL,
	"created_on" timestamp with time zone NOT NULL,
	"updated_on" timestamp with time zone NOT NULL,
	"generated_by_staff_id" integer,
	"generated_on" timestamp with time zone,
	CONSTRAINT "goaml_reports_code_check" CHECK ("report_code" in ('STR', 'UTR', 'CTR')),
	CONSTRAINT "goaml_reports_status_check" CHECK ("status" in ('draft', 'final')),
	-- A final report always has the file that validated, and who made it; a draft has no file to download.
	CONSTRAINT "goaml_reports_final_check" CHECK (
		("status" = 'final' AND "xml" IS NOT NULL AND "sha256" IS NOT NULL AND "generated_by_staff_id" IS NOT NULL AND "generated_on" IS NOT NULL)
		OR ("status" = 'draft' AND "xml" IS NULL AND "sha256" IS NULL)
	)
);
--> statement-breakpoint
CREATE TABLE "goaml_report_transactions" (
	"report_id" integer NOT NULL,
	"position" integer NOT NULL,
	"transaction_row_id" bigint NOT NULL,
	CONSTRAINT "goaml_report_transactions_pk" PRIMARY KEY("report_id","position")
);
--> statement-breakpoint
ALTER TABLE "goaml_reports" ADD CONSTRAINT "goaml_reports_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goaml_reports" ADD CONSTRAINT "goaml_reports_created_by_staff_id_staff_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goaml_reports" ADD CONSTRAINT "goaml_reports_generated_by_staff_id_staff_id_fk" FOREIGN KEY ("generated_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goaml_report_transactions" ADD CONSTRAINT "goaml_report_transactions_report_id_goaml_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."goaml_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goaml_report_transactions" ADD CONSTRAINT "goaml_report_transactions_transaction_row_id_transactions_id_fk" FOREIGN KEY ("transaction_row_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goaml_reports_created_idx" ON "goaml_reports" USING btree ("created_on","id");--> statement-breakpoint
CREATE INDEX "goaml_reports_merchant_created_idx" ON "goaml_reports" USING btree ("merchant_id","created_on","id");--> statement-breakpoint
CREATE INDEX "goaml_reports_code_created_idx" ON "goaml_reports" USING btree ("report_code","created_on","id");--> statement-breakpoint
CREATE INDEX "goaml_report_transactions_tx_idx" ON "goaml_report_transactions" USING btree ("transaction_row_id");--> statement-breakpoint
-- A final report is the record filed with the FIU: it is never changed or deleted afterwards.
CREATE FUNCTION goaml_reports_final_frozen() RETURNS trigger AS $$
BEGIN
  IF OLD.status = 'final' THEN
    RAISE EXCEPTION 'goAML report % is final and cannot be changed', OLD.id;
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER goaml_reports_final_frozen BEFORE UPDATE OR DELETE ON "goaml_reports"
  FOR EACH ROW EXECUTE FUNCTION goaml_reports_final_frozen();
