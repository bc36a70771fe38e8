/**
 * A replica killed while it completes the demo catalogue (portraits and NFTs of the seeded demo
 * avatars, one background job): the other replica takes the job over once its heartbeat is stale
 * (checked every supervise interval) and finishes it.
 */
import { check } from '../lib/checks.mjs';
import { until } from '../lib/wait.mjs';

const HEARTBEAT_SECONDS = 10; // the demo-catalogue queue's heartbeat (modules/demo/demo-catalogue.ts)
const RETRY_DELAY_SECONDS = 2; // its retry delay

/** Demo avatars still missing a portrait or a token. */
async function unfinished(db) {
  const { rows } = await db.query(
    `SELECT count(*)::int AS n FROM avatars a JOIN users u ON u.id = a.owner_id
      WHERE u.is_demo AND (a.thumbnail_url IS NULL OR a.token_id IS NULL)`,
  );
  return rows[0].n;
}

const jobs = async (db) =>
  (
    await db.query(
      `SELECT state, retry_count, started_on FROM pgboss.job WHERE name = 'demo-catalogue' ORDER BY created_on`,
    )
  ).rows;

/**
 * @param ctx.db a pg client on the replicas' database (seeded, replicas not started yet)
 * @param ctx.startA / ctx.startB start a replica (child process), ctx.waitA / ctx.waitB wait until ready
 * @param ctx.superviseSeconds JOBS_SUPERVISE_SECONDS of the replicas
 * @returns the A child to be replaced (killed) and B (running)
 */
export async function demoCatalogueTakeover({ db, startA, startB, waitB, superviseSeconds }) {
  const total = await unfinished(db);
  const a = startA();
  // A claims the job at start-up; freeze it once it has done part of the work (a crash, as far as
  // the queue can tell: its heartbeats stop), then start B and kill A for good.
  const claimed = await until(
    async () => {
      const [job] = await jobs(db);
      return job?.state === 'active' && (await unfinished(db)) < total ? job : null;
    },
    240_000,
    100,
  );
  a.kill('SIGSTOP');
  const frozenAt = Date.now();
  const leftAtCrash = await unfinished(db);
  const b = startB();
  await waitB();
  const bReadyAt = Date.now();
  a.kill('SIGKILL');
  const done = await until(
    async () => {
      const rows = await jobs(db);
      return (await unfinished(db)) === 0 && rows.every((j) => j.state === 'completed') ? rows : null;
    },
    180_000,
    250,
  );
  const rows = done ?? (await jobs(db));
  const retried = rows.find((j) => j.retry_count === 1);
  // When B could first have taken it: the heartbeat gone stale, and B up.
  const earliest = Math.max(frozenAt + HEARTBEAT_SECONDS * 1000, bReadyAt);
  const takeoverMs = retried?.started_on ? new Date(retried.started_on).getTime() - earliest : null;
  const boundMs = (superviseSeconds + RETRY_DELAY_SECONDS + 5) * 1000;
  check(
    'a replica killed during the demo catalogue job: the other takes it over within the supervise interval and finishes it',
    Boolean(claimed) &&
      leftAtCrash > 0 &&
      Boolean(done) &&
      rows.length === 1 &&
      rows[0].retry_count === 1 &&
      takeoverMs !== null &&
      takeoverMs <= boundMs,
    `${total} to complete, ${leftAtCrash} left at the crash; taken over ${takeoverMs} ms after the heartbeat went stale and B was up (bound ${boundMs} ms); jobs ${JSON.stringify(rows.map((j) => [j.state, j.retry_count]))}`,
  );
  return { a, b };
}
