CREATE TABLE "business_identity_providers" (
	"business_id" text PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"enabled" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "identity_providers" CASCADE;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "has_sso" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "business_identity_providers" ADD CONSTRAINT "business_identity_providers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;