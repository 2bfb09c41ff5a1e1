ALTER TABLE "businesses" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "plan_base" jsonb;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "deletion_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "deletion_due_at" timestamp with time zone;