-- issue 15: the marketplace card read model (avatars.skill_categories, avatars.skills_card), kept
-- current by the database: statement-level triggers with transition tables recompute it, in one
-- set-based UPDATE per statement, for the avatars whose skills, skill catalogue entries or skill
-- listings a statement touched — so application writes, bulk imports and restores all keep it
-- right. `npm run db:refresh` (SELECT market_refresh_all()) recomputes every avatar, e.g. after a
-- load with triggers disabled (session_replication_role = replica).
CREATE OR REPLACE FUNCTION market_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE avatars a SET
    skill_categories = coalesce(c.categories, '{}'::text[]),
    skills_card = coalesce(c.card, '[]'::jsonb)
  FROM (
    SELECT x.id,
      (SELECT array_agg(DISTINCT k.category::text ORDER BY k.category::text)
         FROM avatar_skills s JOIN skills k ON k.id = s.skill_id WHERE s.avatar_id = x.id) AS categories,
      (SELECT jsonb_agg(jsonb_build_object(
          'id', k.id, 'name', k.name, 'category', k.category, 'description', k.description,
          'basePrice', k.base_price::text, 'proficiency', s.proficiency,
          'acquiredAt', to_char(s.acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'listings', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                'id', l.id, 'price', l.price::text,
                'expiresAt', to_char(l.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                ORDER BY l.price, l.id), '[]'::jsonb)
              FROM skill_listings l
              WHERE l.avatar_id = s.avatar_id AND l.skill_id = s.skill_id AND l.is_active))
          ORDER BY s.proficiency DESC, k.name)
         FROM avatar_skills s JOIN skills k ON k.id = s.skill_id WHERE s.avatar_id = x.id) AS card
    FROM (SELECT DISTINCT unnest(ids) AS id) x
  ) c
  WHERE a.id = c.id
    AND (a.skill_categories IS DISTINCT FROM coalesce(c.categories, '{}'::text[])
      OR a.skills_card IS DISTINCT FROM coalesce(c.card, '[]'::jsonb));
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION market_refresh_all() RETURNS void LANGUAGE sql AS $$
  SELECT market_refresh(array(SELECT id FROM avatars));
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION market_refresh_new_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM market_refresh(array(SELECT DISTINCT avatar_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION market_refresh_old_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM market_refresh(array(SELECT DISTINCT avatar_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION market_refresh_changed_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM market_refresh(array(SELECT avatar_id FROM new_rows UNION SELECT avatar_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION market_refresh_changed_skills() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM market_refresh(array(SELECT DISTINCT s.avatar_id FROM avatar_skills s WHERE s.skill_id IN (SELECT id FROM new_rows)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER avatar_skills_market_ins AFTER INSERT ON "avatar_skills" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_refresh_new_rows();
--> statement-breakpoint
CREATE TRIGGER avatar_skills_market_upd AFTER UPDATE ON "avatar_skills" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION market_refresh_changed_rows();
--> statement-breakpoint
CREATE TRIGGER avatar_skills_market_del AFTER DELETE ON "avatar_skills" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION market_refresh_old_rows();
--> statement-breakpoint
CREATE TRIGGER skill_listings_market_ins AFTER INSERT ON "skill_listings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_refresh_new_rows();
--> statement-breakpoint
CREATE TRIGGER skill_listings_market_upd AFTER UPDATE ON "skill_listings" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION market_refresh_changed_rows();
--> statement-breakpoint
CREATE TRIGGER skill_listings_market_del AFTER DELETE ON "skill_listings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION market_refresh_old_rows();
--> statement-breakpoint
CREATE TRIGGER skills_market_upd AFTER UPDATE ON "skills" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_refresh_changed_skills();
--> statement-breakpoint
SELECT market_refresh_all();
