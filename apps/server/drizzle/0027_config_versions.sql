-- The config engine (ADR 0025): every save of a namespace's settings is an immutable version; secrets live
-- encrypted in config_secrets (AES-256-GCM under CONFIG_MASTER_KEY) and versions point at them by id.
CREATE TABLE "config_secrets" (
	"id" serial PRIMARY KEY NOT NULL,
	"ns" text NOT NULL,
	"field" text NOT NULL,
	"ciphertext" text NOT NULL,
	"iv" text NOT NULL,
	"key_id" text NOT NULL,
	"last4" text NOT NULL,
	"fingerprint" text NOT NULL,
	"set_by_staff_id" integer NOT NULL,
	"set_by" text NOT NULL,
	"set_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"ns" text NOT NULL,
	"version" integer NOT NULL,
	"values" jsonb NOT NULL,
	"secret_refs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"author_staff_id" integer NOT NULL,
	"author" text NOT NULL,
	"comment" text,
	"approver_staff_id" integer,
	"approver" text,
	"decision_note" text,
	"created_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	CONSTRAINT "config_versions_status_check" CHECK ("status" in ('draft', 'pending_approval', 'active', 'superseded', 'rejected')),
	-- Four-eyes in the table itself: the active version was approved by someone other than its author.
	CONSTRAINT "config_versions_approver_check" CHECK (
		"status" <> 'active' OR ("approver_staff_id" IS NOT NULL AND "approver_staff_id" <> "author_staff_id")
	)
);
--> statement-breakpoint
ALTER TABLE "config_secrets" ADD CONSTRAINT "config_secrets_set_by_staff_id_staff_id_fk" FOREIGN KEY ("set_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_versions" ADD CONSTRAINT "config_versions_author_staff_id_staff_id_fk" FOREIGN KEY ("author_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_versions" ADD CONSTRAINT "config_versions_approver_staff_id_staff_id_fk" FOREIGN KEY ("approver_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- One version number per namespace: two concurrent saves cannot both become v14.
CREATE UNIQUE INDEX "config_versions_ns_version_idx" ON "config_versions" USING btree ("ns","version");--> statement-breakpoint
-- At most one active version per namespace.
CREATE UNIQUE INDEX "config_versions_one_active_idx" ON "config_versions" USING btree ("ns") WHERE "status" = 'active';
