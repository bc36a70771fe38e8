-- issue 15: the listing's response cache (modules/marketplace/listing-cache.ts) is dropped in every
-- server process when anything a catalogue card shows changes. Statement-level triggers notify the
-- channel `market_changed` (delivered at commit, to every LISTENing connection), so writes by any
-- process, bulk imports and restores all invalidate it.
CREATE OR REPLACE FUNCTION market_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('market_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER avatars_market_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "avatars" FOR EACH STATEMENT EXECUTE FUNCTION market_changed_notify();
--> statement-breakpoint
CREATE TRIGGER avatar_skills_market_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "avatar_skills" FOR EACH STATEMENT EXECUTE FUNCTION market_changed_notify();
--> statement-breakpoint
CREATE TRIGGER skills_market_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "skills" FOR EACH STATEMENT EXECUTE FUNCTION market_changed_notify();
--> statement-breakpoint
CREATE TRIGGER skill_listings_market_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "skill_listings" FOR EACH STATEMENT EXECUTE FUNCTION market_changed_notify();
--> statement-breakpoint
CREATE TRIGGER skill_transactions_market_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "skill_transactions" FOR EACH STATEMENT EXECUTE FUNCTION market_changed_notify();
--> statement-breakpoint
CREATE TRIGGER avatar_editions_market_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "avatar_editions" FOR EACH STATEMENT EXECUTE FUNCTION market_changed_notify();
--> statement-breakpoint
CREATE TRIGGER on_chain_tasks_market_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "on_chain_tasks" FOR EACH STATEMENT EXECUTE FUNCTION market_changed_notify();
--> statement-breakpoint
CREATE TRIGGER users_market_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "first_name", "last_name", "profile_image_url", "created_at" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION market_changed_notify();
