-- Owner figures count a task the validator scored below the pass score (status FAILED_VALIDATION)
-- as failed, like a FAILED one: the functions of 0013/0015 that count failed tasks are redefined
-- with both statuses, and every owner's figures are rebuilt once.
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
      (count(*) FILTER (WHERE t.status IN ('FAILED', 'FAILED_VALIDATION')))::int AS f
    FROM on_chain_tasks t JOIN avatars a ON a.id = t.avatar_id GROUP BY 1) ts ON ts.owner_id = u.id;
$$;
--> statement-breakpoint
-- CONFIRMED tasks, and FAILED or FAILED_VALIDATION ones, count for the avatar's owner.
CREATE OR REPLACE FUNCTION owner_stats_tasks_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM owner_stats_apply(array_agg(o), array_agg(0), array_agg(0), array_agg(co), array_agg(fa))
    FROM (SELECT a.owner_id AS o, (count(*) FILTER (WHERE t.status = 'CONFIRMED'))::int AS co,
        (count(*) FILTER (WHERE t.status IN ('FAILED', 'FAILED_VALIDATION')))::int AS fa
      FROM new_rows t JOIN avatars a ON a.id = t.avatar_id
      WHERE t.status IN ('CONFIRMED', 'FAILED', 'FAILED_VALIDATION') GROUP BY 1) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM owner_stats_apply(array_agg(o), array_agg(0), array_agg(0), array_agg(co), array_agg(fa))
    FROM (SELECT a.owner_id AS o, -(count(*) FILTER (WHERE t.status = 'CONFIRMED'))::int AS co,
        -(count(*) FILTER (WHERE t.status IN ('FAILED', 'FAILED_VALIDATION')))::int AS fa
      FROM old_rows t JOIN avatars a ON a.id = t.avatar_id
      WHERE t.status IN ('CONFIRMED', 'FAILED', 'FAILED_VALIDATION') GROUP BY 1) d;
  ELSE
    PERFORM owner_stats_apply(array_agg(o), array_agg(0), array_agg(0), array_agg(co), array_agg(fa))
    FROM (SELECT a.owner_id AS o, sum(x.co)::int AS co, sum(x.fa)::int AS fa FROM (
        SELECT avatar_id, (status = 'CONFIRMED')::int AS co, (status IN ('FAILED', 'FAILED_VALIDATION'))::int AS fa
          FROM new_rows WHERE status IN ('CONFIRMED', 'FAILED', 'FAILED_VALIDATION')
        UNION ALL SELECT avatar_id, -(status = 'CONFIRMED')::int, -(status IN ('FAILED', 'FAILED_VALIDATION'))::int
          FROM old_rows WHERE status IN ('CONFIRMED', 'FAILED', 'FAILED_VALIDATION')) x
      JOIN avatars a ON a.id = x.avatar_id GROUP BY 1) d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An avatar that changes owner takes its sold editions and finished tasks along (see 0015).
CREATE OR REPLACE FUNCTION owner_stats_avatar_owner() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ed int;
  co int;
  fa int;
BEGIN
  SELECT count(*) INTO ed FROM avatar_editions WHERE avatar_id = OLD.id AND source IN ('marketplace', 'card');
  SELECT count(*) FILTER (WHERE status = 'CONFIRMED'), count(*) FILTER (WHERE status IN ('FAILED', 'FAILED_VALIDATION'))
    INTO co, fa
    FROM on_chain_tasks WHERE avatar_id = OLD.id AND status IN ('CONFIRMED', 'FAILED', 'FAILED_VALIDATION');
  IF TG_OP = 'DELETE' THEN
    PERFORM owner_stats_apply(array[OLD.owner_id], array[0], array[-ed], array[-co], array[-fa]);
    RETURN OLD;
  END IF;
  PERFORM owner_stats_apply(array[OLD.owner_id, NEW.owner_id], array[0, 0], array[-ed, ed], array[-co, co], array[-fa, fa]);
  RETURN NULL;
END $$;
--> statement-breakpoint
SELECT owner_stats_refresh_all();
