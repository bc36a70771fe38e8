/**
 * Outage checks of the replicas run: with Redis stopped, and with PostgreSQL unreachable, pages and
 * public reads keep answering, what needs the missing part answers 503 in words, and everything
 * recovers without a restart.
 */
import { check } from '../lib/checks.mjs';
import { postDevLogin } from '../lib/sign-in.mjs';
import { sleep, until } from '../lib/wait.mjs';

const PAGES = ['/', '/marketplace'];

/** GETs `path` on `origin`; status, content type and body text (never throws: a reset is status 0). */
async function get(origin, path, headers = {}) {
  try {
    const res = await fetch(`${origin}${path}`, { headers });
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      text: await res.text(),
      headers: res.headers,
    };
  } catch (err) {
    return { status: 0, type: '', text: String(err.cause?.code ?? err.message), headers: new Headers() };
  }
}

const errorText = (r) => {
  try {
    return JSON.parse(r.text).error ?? '';
  } catch {
    return '';
  }
};

/**
 * @param ctx.replicas origins of the running replicas
 * @param ctx.cookie a signed-in session (pages must not need it; the API must say why it cannot use it)
 * @param ctx.stopRedis / ctx.startRedis stop and start the run's own redis-server
 */
export async function redisOutage({ replicas, cookie, stopRedis, startRedis }) {
  await stopRedis();
  await sleep(500);
  const seen = [];
  for (const origin of replicas) {
    for (const path of [...PAGES, '/api/marketplace/avatars']) {
      for (const headers of [{}, { cookie }]) {
        const r = await get(origin, path, headers);
        seen.push(`${path}${headers.cookie ? ' (signed in)' : ''} ${r.status}`);
      }
    }
  }
  check(
    'Redis stopped: /, /marketplace and /api/marketplace/avatars answer without a 5xx on both replicas',
    seen.every((s) => /\s[1-4]\d\d$/.test(s)),
    seen.filter((s) => !/\s[1-4]\d\d$/.test(s)).join(', ') || `${seen.length} requests`,
  );
  const [A] = replicas;
  const signIn = await postDevLogin(A, 'Outage', 'outage@e2e.test');
  const signInBody = await signIn.json().catch(() => ({}));
  check(
    'Redis stopped: sign-in answers 503 with Retry-After and a sentence naming Redis',
    signIn.status === 503 &&
      /Redis/.test(signInBody.error ?? '') &&
      /^\d+$/.test(signIn.headers.get('retry-after') ?? ''),
    `${signIn.status} ${JSON.stringify(signInBody)} retry-after ${signIn.headers.get('retry-after')}`,
  );
  const ready = await get(A, '/api/health/ready');
  check(
    'Redis stopped: readiness is 503 naming redis',
    ready.status === 503 && JSON.parse(ready.text).failing?.includes('redis'),
    ready.text.slice(0, 200),
  );

  await startRedis();
  const back = await until(async () => {
    for (const origin of replicas) if ((await get(origin, '/api/health/ready')).status !== 200) return false;
    const res = await postDevLogin(A, 'Back', 'back@e2e.test');
    return res.status === 200;
  }, 30_000);
  check('Redis back: readiness 200 and sign-in works again, without a restart', Boolean(back));
}

/**
 * @param ctx.replicas origins of the running replicas
 * @param ctx.cookie a signed-in session
 * @param ctx.cut / ctx.restore cut and restore the replicas' relay to PostgreSQL
 */
export async function databaseOutage({ replicas, cookie, cut, restore }) {
  const [A] = replicas;
  await cut();
  const down = await until(
    async () => {
      const r = await get(A, '/api/health/ready');
      return r.status === 503 ? r : null;
    },
    10_000,
    500,
  );
  check(
    '/api/health/ready is 503 naming the database while PostgreSQL is unreachable',
    Boolean(down) && JSON.parse(down.text).failing.includes('database'),
    down?.text.slice(0, 200) ?? 'still 200',
  );
  const pages = [];
  for (const origin of replicas) {
    for (const path of PAGES) {
      for (const headers of [{}, { cookie }]) {
        const r = await get(origin, path, headers);
        pages.push({
          what: `${path}${headers.cookie ? ' (signed in)' : ''}`,
          ok: r.status === 200 && r.type.startsWith('text/html'),
          status: r.status,
        });
      }
    }
  }
  check(
    'PostgreSQL unreachable: pages answer (200 HTML), signed in or not, on both replicas',
    pages.every((p) => p.ok),
    pages
      .filter((p) => !p.ok)
      .map((p) => `${p.what} ${p.status}`)
      .join(', ') || `${pages.length} pages`,
  );
  const api = [
    await get(A, '/api/auth/user', { cookie }),
    await get(A, `/api/marketplace/avatars?q=outage${Date.now()}`),
    await get(A, '/api/avatars', { cookie }),
  ];
  check(
    'PostgreSQL unreachable: the API answers 503 with a sentence naming the database (and Retry-After)',
    api.every(
      (r) => r.status === 503 && /database/i.test(errorText(r)) && /^\d+$/.test(r.headers.get('retry-after') ?? ''),
    ),
    api.map((r) => `${r.status} ${r.text.slice(0, 100)}`).join(' | '),
  );
  await restore();
  const up = await until(
    async () => {
      for (const origin of replicas) if ((await get(origin, '/api/health/ready')).status !== 200) return false;
      return (await get(A, '/api/auth/user', { cookie })).status === 200;
    },
    30_000,
    1000,
  );
  check('PostgreSQL back: readiness 200 and the API answers again, without a restart', Boolean(up));
}
