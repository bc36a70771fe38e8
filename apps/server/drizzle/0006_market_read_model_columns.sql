ALTER TABLE "avatars" ADD COLUMN "skill_categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "avatars" ADD COLUMN "skills_card" jsonb DEFAULT '[]'::jsonb NOT NULL;