CREATE TABLE "business_retention_deletions" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"request_id" text NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"owner_id" text,
	"finished_at" timestamp with time zone NOT NULL,
	"document_count" integer NOT NULL,
	"attachment_count" integer NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "logo_sha256" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "logo_width" integer;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "logo_height" integer;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "aes4biz" jsonb;--> statement-breakpoint
ALTER TABLE "business_retention_deletions" ADD CONSTRAINT "business_retention_deletions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_retention_deletions" ADD CONSTRAINT "business_retention_deletions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_retention_deletions_business_idx" ON "business_retention_deletions" USING btree ("business_id","deleted_at");