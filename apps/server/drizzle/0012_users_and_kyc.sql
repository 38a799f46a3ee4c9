CREATE TABLE "kyc_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"type" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_on" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "identity" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "decided_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "decided_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "held_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "lifetime_member" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "kyc_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
-- Backfill: the lifetime flag moves out of details into its column; each merchant's KYC state is its latest
-- submission's; the identity a submission carried was the merchant record's at the time.
UPDATE "merchants" SET "lifetime_member" = coalesce(("details"->>'LifetimeMember')::boolean, false), "details" = "details" - 'LifetimeMember';--> statement-breakpoint
UPDATE "merchants" m SET "kyc_status" = k."status" FROM (SELECT DISTINCT ON ("merchant_id") "merchant_id", "status" FROM "kyc_submissions" ORDER BY "merchant_id", "submitted_on" DESC, "id" DESC) k WHERE k."merchant_id" = m."id";--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_submission_id_kyc_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."kyc_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_documents_submission_idx" ON "kyc_documents" USING btree ("submission_id");--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_decided_by_staff_id_staff_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_held_by_staff_id_staff_id_fk" FOREIGN KEY ("held_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_merchant_idx" ON "kyc_submissions" USING btree ("merchant_id","submitted_on");--> statement-breakpoint
CREATE INDEX "merchants_email_prefix_idx" ON "merchants" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "merchants_email_trgm_idx" ON "merchants" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_api_key_prefix_idx" ON "merchants" USING btree ("api_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "merchants_kyc_registered_idx" ON "merchants" USING btree ("kyc_status","registered_on","id");--> statement-breakpoint
CREATE INDEX "merchants_country_registered_idx" ON "merchants" USING btree ("country","registered_on","id");