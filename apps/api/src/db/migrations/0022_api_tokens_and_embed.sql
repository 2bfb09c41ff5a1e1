CREATE TABLE "api_user_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"api_user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "embed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "api_user_tokens" ADD CONSTRAINT "api_user_tokens_api_user_id_business_api_users_id_fk" FOREIGN KEY ("api_user_id") REFERENCES "public"."business_api_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_user_tokens_api_user_idx" ON "api_user_tokens" USING btree ("api_user_id");