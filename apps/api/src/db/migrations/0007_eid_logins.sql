CREATE TABLE "eid_logins" (
	"id" text PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" text,
	"signature_request_id" text,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"identity" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"exchanged_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	CONSTRAINT "eid_logins_state_hash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
CREATE INDEX "eid_logins_owner_idx" ON "eid_logins" USING btree ("owner_kind","owner_id");