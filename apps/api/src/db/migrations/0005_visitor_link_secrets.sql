ALTER TABLE "signers" ADD COLUMN "link_secret_hash" text;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "send_to_secret_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "signers_link_secret_key" ON "signers" USING btree ("link_secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "signers_send_to_secret_key" ON "signers" USING btree ("send_to_secret_hash");