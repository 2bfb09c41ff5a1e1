CREATE TABLE "login_devices" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"secret_hash" text NOT NULL,
	"invited_by" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "request_audit_timestamps" (
	"request_id" text PRIMARY KEY NOT NULL,
	"event_count" integer NOT NULL,
	"head_hash" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_events" ADD COLUMN "mac" text;--> statement-breakpoint
ALTER TABLE "request_locks" ADD COLUMN "process_key" integer;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "audit_event_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "audit_head_hash" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "audit_head_mac" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "audit_mac_from" integer;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "link_secret_hash" text;--> statement-breakpoint
ALTER TABLE "signers" ADD COLUMN "send_to_secret_hash" text;--> statement-breakpoint
ALTER TABLE "login_devices" ADD CONSTRAINT "login_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_invitations" ADD CONSTRAINT "business_invitations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_invitations" ADD CONSTRAINT "business_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_audit_timestamps" ADD CONSTRAINT "request_audit_timestamps_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "login_devices_token_key" ON "login_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "login_devices_user_idx" ON "login_devices" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "business_invitations_secret_key" ON "business_invitations" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "business_invitations_pending_key" ON "business_invitations" USING btree ("business_id","email") WHERE "business_invitations"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "signers_link_secret_key" ON "signers" USING btree ("link_secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "signers_send_to_secret_key" ON "signers" USING btree ("send_to_secret_hash");