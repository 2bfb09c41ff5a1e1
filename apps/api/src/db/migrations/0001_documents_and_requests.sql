CREATE TABLE "document_versions" (
	"document_id" text NOT NULL,
	"version" integer NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "document_versions_document_id_version_pk" PRIMARY KEY("document_id","version")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"title" text NOT NULL,
	"original_sha256" text NOT NULL,
	"current_sha256" text NOT NULL,
	"size" integer NOT NULL,
	"page_count" integer NOT NULL,
	"pages" jsonb NOT NULL,
	"signature_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "observers" (
	"request_id" text NOT NULL,
	"email" text NOT NULL,
	CONSTRAINT "observers_request_id_email_pk" PRIMARY KEY("request_id","email")
);
--> statement-breakpoint
CREATE TABLE "pending_signings" (
	"id" text PRIMARY KEY NOT NULL,
	"signer_key" text NOT NULL,
	"response_id" text NOT NULL,
	"credential_id" text NOT NULL,
	"items" jsonb NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "request_documents" (
	"request_id" text NOT NULL,
	"document_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "request_documents_request_id_document_id_pk" PRIMARY KEY("request_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "request_events" (
	"request_id" text NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"actor" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "request_events_request_id_seq_pk" PRIMARY KEY("request_id","seq")
);
--> statement-breakpoint
CREATE TABLE "request_locks" (
	"request_id" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"title" text NOT NULL,
	"message" text,
	"status" text NOT NULL,
	"quality" text NOT NULL,
	"legislation" text NOT NULL,
	"signing_order" boolean NOT NULL,
	"exit_url" text,
	"error_url" text,
	"decline_url" text,
	"redirect_timeout" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"initiated_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signers" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"sequence" integer NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"mobile" text,
	"language" text NOT NULL,
	"status" text NOT NULL,
	"placements" jsonb NOT NULL,
	"signed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_message" text,
	"certificate_subject" text,
	"certificate_serial" text,
	"signing_name" text,
	"signing_reason" text,
	"reminded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observers" ADD CONSTRAINT "observers_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_documents" ADD CONSTRAINT "request_documents_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_documents" ADD CONSTRAINT "request_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_locks" ADD CONSTRAINT "request_locks_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signers" ADD CONSTRAINT "signers_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signers" ADD CONSTRAINT "signers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "attachments_request_idx" ON "attachments" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "observers_email_idx" ON "observers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_signings_response_key" ON "pending_signings" USING btree ("response_id");--> statement-breakpoint
CREATE INDEX "signature_requests_owner_idx" ON "signature_requests" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "signers_request_idx" ON "signers" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "signers_email_idx" ON "signers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "signers_user_idx" ON "signers" USING btree ("user_id");