CREATE TABLE "avatar_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"avatar_id" integer NOT NULL,
	"user_id" varchar NOT NULL,
	"label" varchar NOT NULL,
	"key_hash" varchar NOT NULL,
	"prefix" varchar NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avatar_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "avatars" ADD COLUMN "agent_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "avatar_api_keys" ADD CONSTRAINT "avatar_api_keys_avatar_id_avatars_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatar_api_keys" ADD CONSTRAINT "avatar_api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avatar_api_keys_avatar_idx" ON "avatar_api_keys" USING btree ("avatar_id");