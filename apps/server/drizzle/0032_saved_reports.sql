-- Platform Scheduling SQL (ADR 0030): saved, parameterised, read-only SQL reports. The SQL, its parameters,
-- schedule, output and recipients are versioned; a version runs on a schedule, on Run now or as CSV only once
-- another administrator than its author approved it (four-eyes). Every run is a report_runs row (and audited).
CREATE TABLE "saved_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_staff_id" integer NOT NULL,
	"approved_version_id" integer,
	"disabled" boolean DEFAULT false NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saved_reports_name_check" CHECK (char_length("name") between 3 and 80)
);
--> statement-breakpoint
CREATE TABLE "saved_report_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sql" text NOT NULL,
	"sql_hash" text NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"schedule" text,
	"output" text DEFAULT 'table' NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_staff_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"approver_staff_id" integer,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	CONSTRAINT "saved_report_versions_status_check" CHECK ("status" in ('draft', 'pending_approval', 'approved', 'rejected')),
	CONSTRAINT "saved_report_versions_output_check" CHECK ("output" in ('table', 'csv', 'email')),
	-- Four-eyes in the data too: an approval is never the author's own.
	CONSTRAINT "saved_report_versions_four_eyes_check" CHECK ("status" <> 'approved' or "approver_staff_id" <> "author_staff_id")
);
--> statement-breakpoint
CREATE TABLE "report_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"report_id" integer,
	"version_id" integer,
	"trigger" text NOT NULL,
	"staff_id" integer,
	"slot" timestamp with time zone,
	"sql_hash" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rows" integer,
	"ms" integer,
	"error" text,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_runs_trigger_check" CHECK ("trigger" in ('preview', 'manual', 'schedule', 'download'))
);
--> statement-breakpoint
ALTER TABLE "saved_reports" ADD CONSTRAINT "saved_reports_owner_staff_id_staff_id_fk" FOREIGN KEY ("owner_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_report_versions" ADD CONSTRAINT "saved_report_versions_report_id_saved_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."saved_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_report_versions" ADD CONSTRAINT "saved_report_versions_author_staff_id_staff_id_fk" FOREIGN KEY ("author_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_report_versions" ADD CONSTRAINT "saved_report_versions_approver_staff_id_staff_id_fk" FOREIGN KEY ("approver_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_reports" ADD CONSTRAINT "saved_reports_approved_version_id_saved_report_versions_id_fk" FOREIGN KEY ("approved_version_id") REFERENCES "public"."saved_report_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_report_id_saved_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."saved_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_version_id_saved_report_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."saved_report_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Names are unique whatever their case.
CREATE UNIQUE INDEX "saved_reports_name_idx" ON "saved_reports" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "saved_report_versions_report_version_idx" ON "saved_report_versions" USING btree ("report_id","version");--> statement-breakpoint
-- One scheduled run per report and slot, whichever instance's job takes it.
CREATE UNIQUE INDEX "report_runs_schedule_slot_idx" ON "report_runs" USING btree ("report_id","slot") WHERE "trigger" = 'schedule';--> statement-breakpoint
CREATE INDEX "report_runs_report_idx" ON "report_runs" USING btree ("report_id","id");
