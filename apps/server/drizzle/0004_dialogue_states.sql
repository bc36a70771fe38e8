CREATE TABLE "dialogue_states" (
	"user_id" varchar NOT NULL,
	"avatar_id" integer NOT NULL,
	"memory" jsonb NOT NULL,
	"conversation_start_id" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dialogue_states_user_id_avatar_id_pk" PRIMARY KEY("user_id","avatar_id")
);
--> statement-breakpoint
ALTER TABLE "dialogue_states" ADD CONSTRAINT "dialogue_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialogue_states" ADD CONSTRAINT "dialogue_states_avatar_id_avatars_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatars"("id") ON DELETE cascade ON UPDATE no action;