CREATE TABLE "avatar_editions" (
	"id" serial PRIMARY KEY NOT NULL,
	"avatar_id" integer NOT NULL,
	"token_id" integer NOT NULL,
	"edition" integer NOT NULL,
	"holder_address" varchar NOT NULL,
	"user_id" varchar,
	"source" varchar NOT NULL,
	"price_wei" varchar DEFAULT '0' NOT NULL,
	"transaction_hash" varchar NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avatar_editions_token_id_unique" UNIQUE("token_id"),
	CONSTRAINT "avatar_editions_transaction_hash_unique" UNIQUE("transaction_hash")
);
--> statement-breakpoint
ALTER TABLE "avatar_editions" ADD CONSTRAINT "avatar_editions_avatar_id_avatars_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatar_editions" ADD CONSTRAINT "avatar_editions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "avatar_editions_avatar_edition_uq" ON "avatar_editions" USING btree ("avatar_id","edition");