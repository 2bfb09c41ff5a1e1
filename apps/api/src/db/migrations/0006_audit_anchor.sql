CREATE TABLE "request_audit_timestamps" (
	"request_id" text PRIMARY KEY NOT NULL,
	"event_count" integer NOT NULL,
	"head_hash" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_events" ADD COLUMN "mac" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "audit_event_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "audit_head_hash" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "audit_head_mac" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "audit_mac_from" integer;--> statement-breakpoint
ALTER TABLE "request_audit_timestamps" ADD CONSTRAINT "request_audit_timestamps_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;