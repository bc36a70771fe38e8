-- Owner figures (owner_market_stats) maintained from the rows a statement changed: every trigger
-- turns its transition tables into count deltas per owner and adds them, set-based, so a write
-- costs the rows it touched, however many rows the owner already has (before, each statement
-- recomputed every touched owner from all of their rows). `npm run db:refresh`
-- (market_refresh_all) still rebuilds everything, e.g. after a load with the triggers disabled.
--
-- Adds per-owner deltas (one entry per owner) to the figures; owners no longer in `users` (a
-- cascade from deleting the user) are skipped, entries without a change too. Rows are written in
-- owner order, so concurrent statements lock the same owners in the same order.
CREATE OR REPLACE FUNCTION owner_stats_apply(owners text[], skill_sales int[], edition_sales int[],
    confirmed int[], failed int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO owner_market_stats AS s (owner_id, skill_sales, edition_sales, confirmed_tasks, failed_tasks)
  SELECT d.owner_id, d.sk, d.ed, d.co, d.fa
  FROM unnest(owners, skill_sales, edition_sales, confirmed, failed) AS d(owner_id, sk, ed, co, fa)
  WHERE (d.sk, d.ed, d.co, d.fa) <> (0, 0, 0, 0)
    AND EXISTS (SELECT 1 FROM users u WHERE u.id = d.owner_id)
  ORDER BY d.owner_id
  ON CONFLICT (owner_id) DO UPDATE SET
    skill_sales = s.skill_sales + excluded.skill_sales,
    edition_sales = s.edition_sales + excluded.edition_sales,
    confirmed_tasks = s.confirmed_tasks + excluded.confirmed_tasks,
    failed_tasks = s.failed_tasks + excluded.failed_tasks;
$$;
--> statement-breakpoint
-- Completed skill sales count for their seller.
CREATE OR REPLACE FUNCTION owner_stats_skill_sales_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM owner_stats_apply(array_agg(o), array_agg(n), array_agg(0), array_agg(0), array_agg(0))
    FROM (SELECT seller_id AS o, count(*)::int AS n FROM new_rows WHERE status = 'completed' GROUP BY 1) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM owner_stats_apply(array_agg(o), array_agg(n), array_agg(0), array_agg(0), array_agg(0))
    FROM (SELECT seller_id AS o, -count(*)::int AS n FROM old_rows WHERE status = 'completed' GROUP BY 1) d;
  ELSE
    PERFORM owner_stats_apply(array_agg(o), array_agg(n), array_agg(0), array_agg(0), array_agg(0))
    FROM (SELECT o, sum(n)::int AS n FROM (
        SELECT seller_id AS o, 1 AS n FROM new_rows WHERE status = 'completed'
        UNION ALL SELECT seller_id, -1 FROM old_rows WHERE status = 'completed') x
      GROUP BY 1) d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Editions sold on the marketplace or by card count for the avatar's owner.
CREATE OR REPLACE FUNCTION owner_stats_editions_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM owner_stats_apply(array_agg(o), array_agg(0), array_agg(n), array_agg(0), array_agg(0))
    FROM (SELECT a.owner_id AS o, count(*)::int AS n FROM new_rows e JOIN avatars a ON a.id = e.avatar_id
      WHERE e.source IN ('marketplace', 'card') GROUP BY 1) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM owner_stats_apply(array_agg(o), array_agg(0), array_agg(n), array_agg(0), array_agg(0))
    FROM (SELECT a.owner_id AS o, -count(*)::int AS n FROM old_rows e JOIN avatars a ON a.id = e.avatar_id
      WHERE e.source IN ('marketplace', 'card') GROUP BY 1) d;
  ELSE
    PERFORM owner_stats_apply(array_agg(o), array_agg(0), array_agg(n), array_agg(0), array_agg(0))
    FROM (SELECT a.owner_id AS o, sum(x.n)::int AS n FROM (
        SELECT avatar_id, 1 AS n FROM new_rows WHERE source IN ('marketplace', 'card')
        UNION ALL SELECT avatar_id, -1 FROM old_rows WHERE source IN ('marketplace', 'card')) x
      JOIN avatars a ON a.id = x.avatar_id GROUP BY 1) d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- CONFIRMED and FAILED tasks count for the avatar's owner.
CREATE OR REPLACE FUNCTION owner_stats_tasks_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM owner_stats_apply(array_agg(o), array_agg(0), array_agg(0), array_agg(co), array_agg(fa))
    FROM (SELECT a.owner_id AS o, (count(*) FILTER (WHERE t.status = 'CONFIRMED'))::int AS co,
        (count(*) FILTER (WHERE t.status = 'FAILED'))::int AS fa
      FROM new_rows t JOIN avatars a ON a.id = t.avatar_id
      WHERE t.status IN ('CONFIRMED', 'FAILED') GROUP BY 1) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM owner_stats_apply(array_agg(o), array_agg(0), array_agg(0), array_agg(co), array_agg(fa))
    FROM (SELECT a.owner_id AS o, -(count(*) FILTER (WHERE t.status = 'CONFIRMED'))::int AS co,
        -(count(*) FILTER (WHERE t.status = 'FAILED'))::int AS fa
      FROM old_rows t JOIN avatars a ON a.id = t.avatar_id
      WHERE t.status IN ('CONFIRMED', 'FAILED') GROUP BY 1) d;
  ELSE
    PERFORM owner_stats_apply(array_agg(o), array_agg(0), array_agg(0), array_agg(co), array_agg(fa))
    FROM (SELECT a.owner_id AS o, sum(x.co)::int AS co, sum(x.fa)::int AS fa FROM (
        SELECT avatar_id, (status = 'CONFIRMED')::int AS co, (status = 'FAILED')::int AS fa
          FROM new_rows WHERE status IN ('CONFIRMED', 'FAILED')
        UNION ALL SELECT avatar_id, -(status = 'CONFIRMED')::int, -(status = 'FAILED')::int
          FROM old_rows WHERE status IN ('CONFIRMED', 'FAILED')) x
      JOIN avatars a ON a.id = x.avatar_id GROUP BY 1) d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An avatar that changes owner takes its sold editions and finished tasks along (its own rows);
-- a deleted avatar's are taken off its owner before the delete (its editions and tasks go with it
-- by cascade, when the avatar can no longer name the owner).
CREATE OR REPLACE FUNCTION owner_stats_avatar_owner() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ed int;
  co int;
  fa int;
BEGIN
  SELECT count(*) INTO ed FROM avatar_editions WHERE avatar_id = OLD.id AND source IN ('marketplace', 'card');
  SELECT count(*) FILTER (WHERE status = 'CONFIRMED'), count(*) FILTER (WHERE status = 'FAILED') INTO co, fa
    FROM on_chain_tasks WHERE avatar_id = OLD.id AND status IN ('CONFIRMED', 'FAILED');
  IF TG_OP = 'DELETE' THEN
    PERFORM owner_stats_apply(array[OLD.owner_id], array[0], array[-ed], array[-co], array[-fa]);
    RETURN OLD;
  END IF;
  PERFORM owner_stats_apply(array[OLD.owner_id, NEW.owner_id], array[0, 0], array[-ed, ed], array[-co, co], array[-fa, fa]);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS skill_transactions_owner_stats_ins ON "skill_transactions";--> statement-breakpoint
DROP TRIGGER IF EXISTS skill_transactions_owner_stats_upd ON "skill_transactions";--> statement-breakpoint
DROP TRIGGER IF EXISTS skill_transactions_owner_stats_del ON "skill_transactions";--> statement-breakpoint
DROP TRIGGER IF EXISTS avatar_editions_owner_stats_ins ON "avatar_editions";--> statement-breakpoint
DROP TRIGGER IF EXISTS avatar_editions_owner_stats_upd ON "avatar_editions";--> statement-breakpoint
DROP TRIGGER IF EXISTS avatar_editions_owner_stats_del ON "avatar_editions";--> statement-breakpoint
DROP TRIGGER IF EXISTS on_chain_tasks_owner_stats_ins ON "on_chain_tasks";--> statement-breakpoint
DROP TRIGGER IF EXISTS on_chain_tasks_owner_stats_status ON "on_chain_tasks";--> statement-breakpoint
DROP TRIGGER IF EXISTS on_chain_tasks_owner_stats_del ON "on_chain_tasks";--> statement-breakpoint
DROP TRIGGER IF EXISTS avatars_owner_stats_moved ON "avatars";--> statement-breakpoint
DROP TRIGGER IF EXISTS avatars_owner_stats_deleted ON "avatars";--> statement-breakpoint
DROP FUNCTION IF EXISTS owner_stats_sellers_new();--> statement-breakpoint
DROP FUNCTION IF EXISTS owner_stats_sellers_old();--> statement-breakpoint
DROP FUNCTION IF EXISTS owner_stats_sellers_changed();--> statement-breakpoint
DROP FUNCTION IF EXISTS owner_stats_avatars_new();--> statement-breakpoint
DROP FUNCTION IF EXISTS owner_stats_avatars_old();--> statement-breakpoint
DROP FUNCTION IF EXISTS owner_stats_avatars_changed();--> statement-breakpoint
DROP FUNCTION IF EXISTS owner_stats_task_status();--> statement-breakpoint
DROP FUNCTION IF EXISTS owner_stats_owner_moved();--> statement-breakpoint
DROP FUNCTION IF EXISTS owner_stats_refresh(text[]);--> statement-breakpoint
CREATE TRIGGER skill_transactions_owner_stats_ins AFTER INSERT ON "skill_transactions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_stats_skill_sales_delta();
--> statement-breakpoint
CREATE TRIGGER skill_transactions_owner_stats_upd AFTER UPDATE ON "skill_transactions" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_stats_skill_sales_delta();
--> statement-breakpoint
CREATE TRIGGER skill_transactions_owner_stats_del AFTER DELETE ON "skill_transactions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_stats_skill_sales_delta();
--> statement-breakpoint
CREATE TRIGGER avatar_editions_owner_stats_ins AFTER INSERT ON "avatar_editions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_stats_editions_delta();
--> statement-breakpoint
CREATE TRIGGER avatar_editions_owner_stats_upd AFTER UPDATE ON "avatar_editions" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_stats_editions_delta();
--> statement-breakpoint
CREATE TRIGGER avatar_editions_owner_stats_del AFTER DELETE ON "avatar_editions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_stats_editions_delta();
--> statement-breakpoint
CREATE TRIGGER on_chain_tasks_owner_stats_ins AFTER INSERT ON "on_chain_tasks" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_stats_tasks_delta();
--> statement-breakpoint
CREATE TRIGGER on_chain_tasks_owner_stats_upd AFTER UPDATE ON "on_chain_tasks" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_stats_tasks_delta();
--> statement-breakpoint
CREATE TRIGGER on_chain_tasks_owner_stats_del AFTER DELETE ON "on_chain_tasks" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_stats_tasks_delta();
--> statement-breakpoint
CREATE TRIGGER avatars_owner_stats_moved AFTER UPDATE OF owner_id ON "avatars" FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id) EXECUTE FUNCTION owner_stats_avatar_owner();
--> statement-breakpoint
CREATE TRIGGER avatars_owner_stats_deleted BEFORE DELETE ON "avatars" FOR EACH ROW EXECUTE FUNCTION owner_stats_avatar_owner();
