CREATE TABLE "identification_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider_session_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"signer_id" text,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"legislation" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"signature_request_id" text,
	"continue_url" text,
	"provider_status" text NOT NULL,
	"level" text,
	"demo" boolean DEFAULT false NOT NULL,
	"verified_first_name" text,
	"verified_last_name" text,
	"birth_date" text,
	"document_type" text,
	"document_expiry" text,
	"completed_at" timestamp with time zone,
	"status_history" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_signer_id_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identifications_provider_session_key" ON "identifications" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "identifications_user_idx" ON "identifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "identifications_signer_idx" ON "identifications" USING btree ("signer_id");