CREATE TABLE "visual_signatures" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"optional_line" text,
	"location" text,
	"language" text NOT NULL,
	"quality" text NOT NULL,
	"legislation" text NOT NULL,
	"provider" text NOT NULL,
	"image_sha256" text,
	"display_claim" boolean NOT NULL,
	"display_standards" boolean NOT NULL,
	"display_qr" boolean NOT NULL,
	"display_date" boolean NOT NULL,
	"placeholder" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visual_signatures" ADD CONSTRAINT "visual_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visual_signatures_user_idx" ON "visual_signatures" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visual_signatures_default_key" ON "visual_signatures" USING btree ("user_id") WHERE "visual_signatures"."is_default";