CREATE TABLE "business_members" (
	"business_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "business_members_business_id_user_id_pk" PRIMARY KEY("business_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"settings" jsonb NOT NULL,
	"payment_method" text,
	"billing_status" text NOT NULL,
	"price_plan_name" text,
	"plan_start" timestamp with time zone,
	"gtc_accepted_at" timestamp with time zone,
	"dpa_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seal_members" (
	"seal_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "seal_members_seal_id_user_id_pk" PRIMARY KEY("seal_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "seals" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"account_name" text NOT NULL,
	"display_name" text NOT NULL,
	"image_sha256" text,
	"credentials" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_members" ADD CONSTRAINT "business_members_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_members" ADD CONSTRAINT "business_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_members" ADD CONSTRAINT "seal_members_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_members" ADD CONSTRAINT "seal_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seals" ADD CONSTRAINT "seals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_members_user_key" ON "business_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seals_account_name_key" ON "seals" USING btree ("account_name");--> statement-breakpoint
CREATE INDEX "seals_business_idx" ON "seals" USING btree ("business_id");