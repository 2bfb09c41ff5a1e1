ALTER TABLE "businesses" ADD COLUMN "next_price_plan_name" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "plan_migration_acknowledged_at" timestamp with time zone;