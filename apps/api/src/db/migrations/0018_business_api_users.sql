CREATE TABLE "business_api_users" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"username" text NOT NULL,
	"description" text NOT NULL,
	"secret_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "business_api_users" ADD CONSTRAINT "business_api_users_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_api_users" ADD CONSTRAINT "business_api_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_api_users_username_key" ON "business_api_users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "business_api_users_user_key" ON "business_api_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "business_api_users_business_idx" ON "business_api_users" USING btree ("business_id");