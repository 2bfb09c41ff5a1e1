CREATE TABLE "signer_credentials" (
	"user_id" text NOT NULL,
	"legislation" text NOT NULL,
	"credential_id" text NOT NULL,
	"certificates" jsonb NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"issued_for" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "signer_credentials_user_id_legislation_pk" PRIMARY KEY("user_id","legislation")
);
--> statement-breakpoint
ALTER TABLE "signer_credentials" ADD CONSTRAINT "signer_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;