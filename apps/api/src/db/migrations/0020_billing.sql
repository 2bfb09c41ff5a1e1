CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"business_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_billing" (
	"business_id" text PRIMARY KEY NOT NULL,
	"provider" text,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"subscription_status" text,
	"state_created_at" timestamp with time zone,
	"cycle" text,
	"currency" text,
	"seats_purchased" integer,
	"trial_start_at" timestamp with time zone,
	"trial_end_at" timestamp with time zone,
	"period_end_at" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"payment_failed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"error_code" text,
	"discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"cycle" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"provider_price_id" text NOT NULL,
	"qualities" jsonb NOT NULL,
	"seats_included" integer NOT NULL,
	"seats_max" integer NOT NULL,
	"idents" jsonb NOT NULL,
	"free_signatures_per_month" integer,
	"rank" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_billing" ADD CONSTRAINT "business_billing_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_billing_customer_key" ON "business_billing" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "business_billing_subscription_key" ON "business_billing" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_plans_choice_key" ON "price_plans" USING btree ("plan","cycle","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "price_plans_provider_price_key" ON "price_plans" USING btree ("provider_price_id");