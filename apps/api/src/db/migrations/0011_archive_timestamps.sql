CREATE TABLE "archive_timestamps" (
	"document_id" text PRIMARY KEY NOT NULL,
	"document_sha256" text NOT NULL,
	"count" integer NOT NULL,
	"timestamped_at" timestamp with time zone NOT NULL,
	"tsa_certificate_not_after" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "archive_timestamps" ADD CONSTRAINT "archive_timestamps_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "archive_timestamps_expiry_idx" ON "archive_timestamps" USING btree ("tsa_certificate_not_after");