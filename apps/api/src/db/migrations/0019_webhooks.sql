CREATE TABLE "business_callback_secrets" (
	"business_id" text PRIMARY KEY NOT NULL,
	"secret_encrypted" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"url" text NOT NULL,
	"description" text NOT NULL,
	"events" jsonb NOT NULL,
	"secret_encrypted" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"business_id" text NOT NULL,
	"webhook_id" text,
	"target" text NOT NULL,
	"url" text NOT NULL,
	"event_type" text NOT NULL,
	"request_id" text,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"number" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	"response_snippet" text,
	"manual" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "success_callback_url" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "update_callback_url" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "error_callback_url" text;--> statement-breakpoint
ALTER TABLE "business_callback_secrets" ADD CONSTRAINT "business_callback_secrets_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_webhooks" ADD CONSTRAINT "business_webhooks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_business_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."business_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_webhooks_business_idx" ON "business_webhooks" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_receiver_key" ON "webhook_deliveries" USING btree ("event_id","target","url");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_delivery_attempts_number_key" ON "webhook_delivery_attempts" USING btree ("delivery_id","number");