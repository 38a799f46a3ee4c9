DROP INDEX "merchants_registered_idx";--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "merchants_registered_id_idx" ON "merchants" USING btree ("registered_on","id");--> statement-breakpoint
CREATE INDEX "merchants_shop_title_prefix_idx" ON "merchants" USING btree (lower("shop_title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "merchants_owner_nick_name_prefix_idx" ON "merchants" USING btree (lower("owner_nick_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "merchants_email_id_idx" ON "merchants" USING btree ("email","id");