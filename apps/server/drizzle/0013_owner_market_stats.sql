CREATE TABLE "owner_market_stats" (
	"owner_id" varchar PRIMARY KEY NOT NULL,
	"skill_sales" integer DEFAULT 0 NOT NULL,
	"edition_sales" integer DEFAULT 0 NOT NULL,
	"confirmed_tasks" integer DEFAULT 0 NOT NULL,
	"failed_tasks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "owner_market_stats" ADD CONSTRAINT "owner_market_stats_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- issue 15 goal 1: the owner figures of marketplace cards as a read model. owner_stats_refresh
-- recomputes the given owners from the facts; triggers call it for the owners a write touches;
-- market_refresh_all (npm run db:refresh) rebuilds every owner in one set-based pass.
CREATE OR REPLACE FUNCTION owner_stats_refresh(owner_ids text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO owner_market_stats (owner_id, skill_sales, edition_sales, confirmed_tasks, failed_tasks)
  SELECT u.id,
    (SELECT count(*) FROM skill_transactions st WHERE st.seller_id = u.id AND st.status = 'completed')::int,
    (SELECT count(*) FROM avatar_editions e JOIN avatars a ON a.id = e.avatar_id
      WHERE a.owner_id = u.id AND e.source IN ('marketplace', 'card'))::int,
    (SELECT count(*) FROM on_chain_tasks t JOIN avatars a ON a.id = t.avatar_id
      WHERE a.owner_id = u.id AND t.status = 'CONFIRMED')::int,
    (SELECT count(*) FROM on_chain_tasks t JOIN avatars a ON a.id = t.avatar_id
      WHERE a.owner_id = u.id AND t.status = 'FAILED')::int
  FROM users u WHERE u.id = ANY(owner_ids)
  ON CONFLICT (owner_id) DO UPDATE SET skill_sales = excluded.skill_sales, edition_sales = excluded.edition_sales,
    confirmed_tasks = excluded.confirmed_tasks, failed_tasks = excluded.failed_tasks;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION owner_stats_refresh_all() RETURNS void LANGUAGE sql AS $$
  DELETE FROM owner_market_stats;
  INSERT INTO owner_market_stats (owner_id, skill_sales, edition_sales, confirmed_tasks, failed_tasks)
  SELECT u.id, coalesce(ss.n, 0), coalesce(es.n, 0), coalesce(ts.c, 0), coalesce(ts.f, 0)
  FROM users u
  LEFT JOIN (SELECT seller_id, count(*)::int AS n FROM skill_transactions WHERE status = 'completed' GROUP BY 1) ss
    ON ss.seller_id = u.id
  LEFT JOIN (SELECT a.owner_id, count(*)::int AS n FROM avatar_editions e JOIN avatars a ON a.id = e.avatar_id
    WHERE e.source IN ('marketplace', 'card') GROUP BY 1) es ON es.owner_id = u.id
  LEFT JOIN (SELECT a.owner_id, (count(*) FILTER (WHERE t.status = 'CONFIRMED'))::int AS c,
      (count(*) FILTER (WHERE t.status = 'FAILED'))::int AS f
    FROM on_chain_tasks t JOIN avatars a ON a.id = t.avatar_id GROUP BY 1) ts ON ts.owner_id = u.id;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION market_refresh_all() RETURNS void LANGUAGE sql AS $$
  SELECT market_refresh(array(SELECT id FROM avatars));
  SELECT owner_stats_refresh_all();
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION owner_stats_sellers_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM owner_stats_refresh(array(SELECT DISTINCT seller_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION owner_stats_sellers_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM owner_stats_refresh(array(SELECT DISTINCT seller_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION owner_stats_sellers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM owner_stats_refresh(array(SELECT seller_id FROM new_rows UNION SELECT seller_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION owner_stats_avatars_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM owner_stats_refresh(array(SELECT DISTINCT a.owner_id FROM avatars a WHERE a.id IN (SELECT avatar_id FROM new_rows)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION owner_stats_avatars_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM owner_stats_refresh(array(SELECT DISTINCT a.owner_id FROM avatars a WHERE a.id IN (SELECT avatar_id FROM old_rows)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION owner_stats_avatars_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM owner_stats_refresh(array(SELECT DISTINCT a.owner_id FROM avatars a
    WHERE a.id IN (SELECT avatar_id FROM new_rows UNION SELECT avatar_id FROM old_rows)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION owner_stats_task_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM owner_stats_refresh(array(SELECT a.owner_id FROM avatars a WHERE a.id = NEW.avatar_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION owner_stats_owner_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM owner_stats_refresh(array[OLD.owner_id]);
  ELSE
    PERFORM owner_stats_refresh(array[OLD.owner_id, NEW.owner_id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER skill_transactions_owner_stats_ins AFTER INSERT ON "skill_transactions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_stats_sellers_new();
--> statement-breakpoint
CREATE TRIGGER skill_transactions_owner_stats_upd AFTER UPDATE ON "skill_transactions" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_stats_sellers_changed();
--> statement-breakpoint
CREATE TRIGGER skill_transactions_owner_stats_del AFTER DELETE ON "skill_transactions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_stats_sellers_old();
--> statement-breakpoint
CREATE TRIGGER avatar_editions_owner_stats_ins AFTER INSERT ON "avatar_editions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_stats_avatars_new();
--> statement-breakpoint
CREATE TRIGGER avatar_editions_owner_stats_upd AFTER UPDATE ON "avatar_editions" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_stats_avatars_changed();
--> statement-breakpoint
CREATE TRIGGER avatar_editions_owner_stats_del AFTER DELETE ON "avatar_editions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_stats_avatars_old();
--> statement-breakpoint
CREATE TRIGGER on_chain_tasks_owner_stats_ins AFTER INSERT ON "on_chain_tasks" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_stats_avatars_new();
--> statement-breakpoint
CREATE TRIGGER on_chain_tasks_owner_stats_status AFTER UPDATE OF status ON "on_chain_tasks" FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION owner_stats_task_status();
--> statement-breakpoint
CREATE TRIGGER on_chain_tasks_owner_stats_del AFTER DELETE ON "on_chain_tasks" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_stats_avatars_old();
--> statement-breakpoint
CREATE TRIGGER avatars_owner_stats_moved AFTER UPDATE OF owner_id ON "avatars" FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id) EXECUTE FUNCTION owner_stats_owner_moved();
--> statement-breakpoint
CREATE TRIGGER avatars_owner_stats_deleted AFTER DELETE ON "avatars" FOR EACH ROW EXECUTE FUNCTION owner_stats_owner_moved();
--> statement-breakpoint
SELECT owner_stats_refresh_all();
