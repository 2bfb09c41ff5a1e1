CREATE TABLE "pending_business_signups" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"mobile" text,
	"business" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_business_signups" ADD CONSTRAINT "pending_business_signups_token_hash_email_tokens_token_hash_fk" FOREIGN KEY ("token_hash") REFERENCES "public"."email_tokens"("token_hash") ON DELETE cascade ON UPDATE no action;