-- Test connection of a config version (brief A1, ADR 0028): one row per run, with its latency and the one line
-- the screen shows (never a secret). Activating an integration namespace's version needs a green run of that
-- exact version at most 15 minutes old.
CREATE TABLE "config_test_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"ns" text NOT NULL,
	"version" integer NOT NULL,
	"ok" boolean NOT NULL,
	"latency_ms" integer NOT NULL,
	"message" text NOT NULL,
	"by_staff_id" integer NOT NULL,
	"by" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "config_test_runs" ADD CONSTRAINT "config_test_runs_by_staff_id_staff_id_fk" FOREIGN KEY ("by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The latest run of a version: what GetConfig shows and what activation checks.
CREATE INDEX "config_test_runs_ns_version_idx" ON "config_test_runs" USING btree ("ns","version","at");
