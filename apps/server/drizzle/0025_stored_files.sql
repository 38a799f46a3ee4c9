-- Uploaded files (ADR 0024): the Market and POS apps' files and the email editor's images. The id is random
-- (128 bits, hex) and with the sniffed extension names the bytes on disk; the uploader's name is kept for
-- display only. A delete is soft, so the audit and the row say who removed what.
CREATE TABLE "stored_files" (
	"id" text PRIMARY KEY NOT NULL,
	"store" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"ext" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by_staff_id" integer,
	"uploaded_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_staff_id" integer,
	CONSTRAINT "stored_files_id_check" CHECK ("id" ~ '^[0-9a-f]{32}$'),
	CONSTRAINT "stored_files_store_check" CHECK ("store" in ('market', 'pos', 'editor')),
	CONSTRAINT "stored_files_ext_check" CHECK ("ext" in ('png', 'jpg', 'gif', 'webp', 'pdf')),
	CONSTRAINT "stored_files_size_check" CHECK ("size" > 0)
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_uploaded_by_staff_id_staff_id_fk" FOREIGN KEY ("uploaded_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_deleted_by_staff_id_staff_id_fk" FOREIGN KEY ("deleted_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The list shows a store's live files only: each order it offers is one partial index, so a page is read
-- from the index whatever the number of deleted files.
CREATE INDEX "stored_files_store_uploaded_idx" ON "stored_files" USING btree ("store","uploaded_at","id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stored_files_store_name_idx" ON "stored_files" USING btree ("store","original_name","id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stored_files_store_size_idx" ON "stored_files" USING btree ("store","size","id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stored_files_store_mime_idx" ON "stored_files" USING btree ("store","mime","uploaded_at","id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- The name search is a part of the name anywhere (ILIKE '%…%'): trigrams (pg_trgm, migration 0003) find the
-- few matching rows without reading a store's every file. One index per store, so a word common in another
-- store costs this one nothing.
CREATE INDEX "stored_files_market_name_trgm_idx" ON "stored_files" USING gin ("original_name" gin_trgm_ops) WHERE "deleted_at" IS NULL AND "store" = 'market';--> statement-breakpoint
CREATE INDEX "stored_files_pos_name_trgm_idx" ON "stored_files" USING gin ("original_name" gin_trgm_ops) WHERE "deleted_at" IS NULL AND "store" = 'pos';--> statement-breakpoint
CREATE INDEX "stored_files_editor_name_trgm_idx" ON "stored_files" USING gin ("original_name" gin_trgm_ops) WHERE "deleted_at" IS NULL AND "store" = 'editor';
