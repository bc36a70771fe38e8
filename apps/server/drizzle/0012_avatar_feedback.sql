CREATE TABLE "avatar_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"avatar_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"user_id" varchar NOT NULL,
	"interaction" varchar NOT NULL,
	"value" integer NOT NULL,
	"tag1" varchar NOT NULL,
	"tag2" varchar NOT NULL,
	"comment" text,
	"mode" varchar NOT NULL,
	"client_address" varchar NOT NULL,
	"file" jsonb NOT NULL,
	"feedback_hash" varchar NOT NULL,
	"status" varchar NOT NULL,
	"transaction_hash" varchar,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "avatar_feedback" ADD CONSTRAINT "avatar_feedback_avatar_id_avatars_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatar_feedback" ADD CONSTRAINT "avatar_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "avatar_feedback_user_interaction_uq" ON "avatar_feedback" USING btree ("avatar_id","user_id","interaction");--> statement-breakpoint
CREATE INDEX "avatar_feedback_avatar_idx" ON "avatar_feedback" USING btree ("avatar_id","status");