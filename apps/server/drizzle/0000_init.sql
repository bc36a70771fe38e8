CREATE TABLE "avatar_skills" (
	"id" serial PRIMARY KEY NOT NULL,
	"avatar_id" integer NOT NULL,
	"skill_id" integer NOT NULL,
	"proficiency" integer DEFAULT 1 NOT NULL,
	"experience_points" integer DEFAULT 0 NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "avatars" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" varchar NOT NULL,
	"token_id" integer,
	"contract_address" varchar,
	"name" varchar NOT NULL,
	"description" text,
	"agent_type" varchar DEFAULT 'CREATOR' NOT NULL,
	"capabilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ready_player_me_url" varchar,
	"ready_player_me_config" jsonb,
	"personality_traits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wallet_address" varchar,
	"delegation_status" varchar DEFAULT 'NONE' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"total_interactions" integer DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"experience_points" integer DEFAULT 0 NOT NULL,
	"edition" integer DEFAULT 1 NOT NULL,
	"thumbnail_url" varchar,
	"max_editions" integer DEFAULT 10 NOT NULL,
	"price_eth" numeric(18, 8),
	"featured" boolean DEFAULT false NOT NULL,
	"category" varchar DEFAULT 'creative' NOT NULL,
	"mint_tx_hash" varchar,
	"verification_status" varchar DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avatars_token_id_unique" UNIQUE("token_id")
);
--> statement-breakpoint
CREATE TABLE "on_chain_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"avatar_id" integer NOT NULL,
	"task_id" varchar NOT NULL,
	"task_type" varchar NOT NULL,
	"agent_type" varchar NOT NULL,
	"task_description" text NOT NULL,
	"target_contract" varchar,
	"function_called" varchar,
	"input_parameters" jsonb,
	"transaction_hash" varchar,
	"block_number" integer,
	"gas_used" varchar,
	"status" varchar DEFAULT 'PENDING' NOT NULL,
	"verification_method" varchar,
	"verification_data" jsonb,
	"experience_earned" integer DEFAULT 0 NOT NULL,
	"user_id" varchar,
	"wallet_address" varchar,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "on_chain_tasks_task_id_unique" UNIQUE("task_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar PRIMARY KEY NOT NULL,
	"sess" json NOT NULL,
	"expire" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skill_listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" varchar NOT NULL,
	"avatar_id" integer NOT NULL,
	"skill_id" integer NOT NULL,
	"price" numeric(18, 8) NOT NULL,
	"proficiency_level" integer NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "skill_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" varchar NOT NULL,
	"seller_id" varchar NOT NULL,
	"listing_id" integer,
	"avatar_id" integer NOT NULL,
	"skill_id" integer NOT NULL,
	"price" numeric(18, 8) NOT NULL,
	"transaction_hash" varchar,
	"status" varchar DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "skill_transactions_transaction_hash_unique" UNIQUE("transaction_hash")
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar NOT NULL,
	"description" text,
	"category" varchar NOT NULL,
	"base_price" numeric(18, 8),
	"difficulty" integer DEFAULT 1 NOT NULL,
	"prerequisites" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skills_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" varchar PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"avatar_id" integer NOT NULL,
	"role" varchar,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" varchar NOT NULL,
	"name" varchar NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_interactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"avatar_id" integer NOT NULL,
	"skill_id" integer,
	"user_id" varchar NOT NULL,
	"interaction_type" varchar NOT NULL,
	"user_input" text NOT NULL,
	"avatar_response" text,
	"task_completed" boolean DEFAULT false NOT NULL,
	"success_rating" integer,
	"experience_gained" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar,
	"first_name" varchar,
	"last_name" varchar,
	"profile_image_url" varchar,
	"wallet_address" varchar,
	"role" varchar DEFAULT 'user' NOT NULL,
	"status" varchar DEFAULT 'pending' NOT NULL,
	"auth_subject" varchar,
	"is_demo" boolean DEFAULT false NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_wallet_address_unique" UNIQUE("wallet_address"),
	CONSTRAINT "users_auth_subject_unique" UNIQUE("auth_subject")
);
--> statement-breakpoint
CREATE TABLE "waitlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar NOT NULL,
	"source" varchar DEFAULT 'landing_page' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "avatar_skills" ADD CONSTRAINT "avatar_skills_avatar_id_avatars_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatar_skills" ADD CONSTRAINT "avatar_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_chain_tasks" ADD CONSTRAINT "on_chain_tasks_avatar_id_avatars_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_chain_tasks" ADD CONSTRAINT "on_chain_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_listings" ADD CONSTRAINT "skill_listings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_listings" ADD CONSTRAINT "skill_listings_avatar_id_avatars_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_listings" ADD CONSTRAINT "skill_listings_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_transactions" ADD CONSTRAINT "skill_transactions_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_transactions" ADD CONSTRAINT "skill_transactions_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_transactions" ADD CONSTRAINT "skill_transactions_listing_id_skill_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."skill_listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_transactions" ADD CONSTRAINT "skill_transactions_avatar_id_avatars_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_transactions" ADD CONSTRAINT "skill_transactions_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_avatar_id_avatars_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_interactions" ADD CONSTRAINT "training_interactions_avatar_id_avatars_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_interactions" ADD CONSTRAINT "training_interactions_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_interactions" ADD CONSTRAINT "training_interactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "avatar_skills_avatar_skill_uq" ON "avatar_skills" USING btree ("avatar_id","skill_id");--> statement-breakpoint
CREATE INDEX "avatars_owner_idx" ON "avatars" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "avatars_created_at_idx" ON "avatars" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "on_chain_tasks_avatar_idx" ON "on_chain_tasks" USING btree ("avatar_id","created_at");--> statement-breakpoint
CREATE INDEX "on_chain_tasks_wallet_idx" ON "on_chain_tasks" USING btree ("wallet_address","created_at");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "skill_listings_skill_idx" ON "skill_listings" USING btree ("skill_id");--> statement-breakpoint
CREATE INDEX "skill_listings_avatar_idx" ON "skill_listings" USING btree ("avatar_id");--> statement-breakpoint
CREATE INDEX "skill_transactions_buyer_idx" ON "skill_transactions" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "skill_transactions_seller_idx" ON "skill_transactions" USING btree ("seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_team_avatar_uq" ON "team_members" USING btree ("team_id","avatar_id");--> statement-breakpoint
CREATE INDEX "team_members_avatar_idx" ON "team_members" USING btree ("avatar_id");--> statement-breakpoint
CREATE INDEX "teams_owner_idx" ON "teams" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "training_interactions_avatar_created_idx" ON "training_interactions" USING btree ("avatar_id","created_at");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");