ALTER TABLE "businesses" ADD COLUMN "plan_migration_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "plan_migrated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "plan_migrated_from" text;