/**
 * Generated bad input on every route never gets a 5xx, input the server refuses changes nothing in
 * the database, and every answer is one the OpenAPI document declares (status, media type, body:
 * scripts/lib/openapi-conformance.mjs; see test/api/openapi-conformance.test.ts for what a route
 * must declare). Routes come from the app itself (`app.routeTable`, filled by an onRoute hook), so
 * a new route is fuzzed without touching this file.
 *
 * Two kinds of request, chosen by fast-check:
 * - wholly bad: every body / query / path value is bad (NUL bytes, ids past 2^31−1, deep nesting,
 *   wrong types, huge or lone-surrogate strings, truncated multipart, broken JSON). The answer must
 *   be 4xx and the database must not change (row counts and an md5 of every table).
 * - one bad value in an otherwise plausible body (so it reaches services and SQL): the answer must
 *   not be 5xx.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConformance } from '../../../../scripts/lib/openapi-conformance.mjs';
import { createTestApp, signIn, type TestApp } from '../helpers/app';

let t: TestApp;
let cookie: string;
let avatarId = 1;
let teamId = 1;

/** Routes whose purpose is to act without input (ending the fuzzer's own session). */
const SKIP = new Set(['POST /api/auth/logout']);
const RUNS = 1_200;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true', SEED_DEMO_DATA: 'false' });
  await t.app.tasks.close(); // no background work may write while the database is compared
  ({ cookie } = await signIn(t.app, { email: 'fuzz-admin@x.io' }));
  const a = await t.app.inject({
    method: 'POST',
    url: '/api/avatars',
    headers: { cookie },
    payload: { name: 'FUZZ', agentType: 'HACKER' },
  });
  avatarId = a.json().id ?? 1;
  const team = await t.app.inject({ method: 'POST', url: '/api/teams', headers: { cookie }, payload: { name: 'FZ' } });
  teamId = team.json().id ?? 1;
}, 300_000);
afterAll(async () => t?.close());

/** Row count and md5 of every table but sessions (a signed-in request may refresh its own). */
async function snapshot(): Promise<string> {
  const tables = (await t.database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'sessions' order by tablename`,
  )) as unknown as { rows: Array<{ tablename: string }> };
  const parts = tables.rows.map(
    ({ tablename }) =>
      `(select ${`'${tablename}'`} || ':' || count(*) || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from "${tablename}" x)`,
  );
  const res = (await t.database.db.execute(sql.raw(`select concat_ws(',', ${parts.join(', ')}) as s`))) as unknown as {
    rows: Array<{ s: string }>;
  };
  return res.rows[0]!.s;
}

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

const badString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    'NEO\u0000',
    '\ud800',
    'x'.repeat(70_000),
    '',
    ' ',
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "'; drop table users; --",
    '0x',
    '2147483648',
    '-1',
    '1e400',
    'NaN',
  ),
  fc.string({ maxLength: 40 }).map((s) => `${s}\u0000${s}`),
);
const badNumber = fc.constantFrom(2147483648, -2147483649, -1, 0, 1.5, 1e308, -1e308, 9007199254740992, 2 ** 63);
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  badString,
  badNumber,
  fc.constantFrom(null, true, false, [], {}, [null], { $gt: '' }, { __proto__: { admin: true } }),
  fc.integer({ min: 1, max: 40 }).map((n) => JSON.parse(deep(n))),
);
const badParam = fc.constantFrom(
  '2147483648',
  '9999999999999999999999',
  '-1',
  '0',
  '1.5',
  '1e3',
  'abc',
  '%00',
  'a%00b',
  '%FF',
  '..%2F..%2Fetc',
  'x'.repeat(3000),
  '00000000-0000-0000-0000-00000000000g',
  'NaN',
  ' 1',
);

const KEYS = [
  'id',
  'avatarId',
  'teamId',
  'skillId',
  'listingId',
  'name',
  'email',
  'displayName',
  'firstName',
  'lastName',
  'message',
  'text',
  'content',
  'description',
  'personality',
  'prompt',
  'voice',
  'taskType',
  'taskData',
  'userWalletAddress',
  'walletAddress',
  'address',
  'role',
  'status',
  'source',
  'agentType',
  'priceEth',
  'priceUsd',
  'paymentMethod',
  'card',
  'limit',
  'q',
  'sort',
  'cursor',
  'category',
  'rating',
  'signature',
  'members',
  'avatarName',
  'conversationHistory',
  'attachments',
  'transactionHash',
  'edition',
  'tokenId',
];

/** A plausible value per key, so one bad value can reach the service and SQL. */
const good = (key: string): unknown =>
  ({
    id: avatarId,
    avatarId,
    teamId,
    skillId: 1,
    listingId: 1,
    email: 'fz@x.io',
    message: 'hello there, how are you today',
    text: 'hello there',
    userWalletAddress: `0x${'ab'.repeat(20)}`,
    walletAddress: `0x${'ab'.repeat(20)}`,
    address: `0x${'ab'.repeat(20)}`,
    taskType: 'avatar_create',
    taskData: {},
    role: 'user',
    status: 'active',
    agentType: 'HACKER',
    priceEth: '0.01',
    priceUsd: '10',
    limit: 5,
    rating: 5,
    members: [],
    conversationHistory: [],
    attachments: [],
    edition: 1,
    tokenId: 1,
  })[key] ?? 'FUZZ';

type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; contentType: string; payload: string | Buffer };

const boundary = 'fuzzboundary';
const rawBodies = fc.constantFrom<Body>(
  { kind: 'raw', contentType: 'application/json', payload: deep(5000) },
  { kind: 'raw', contentType: 'application/json', payload: deepObject(5000) },
  { kind: 'raw', contentType: 'application/json', payload: '{"name": "a' },
  { kind: 'raw', contentType: 'application/json', payload: '{"name":"\\u0000"}' },
  { kind: 'raw', contentType: 'application/json', payload: '{"__proto__":{"x":1}}' },
  { kind: 'raw', contentType: 'application/json', payload: '' },
  { kind: 'raw', contentType: 'text/plain', payload: 'hello' },
  { kind: 'raw', contentType: 'application/x-www-form-urlencoded', payload: 'name=%00&email=%ZZ' },
  {
    kind: 'raw',
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="a.webm"\r\nContent-Type: audio/webm\r\n\r\nGARBAGE`,
  },
  {
    kind: 'raw',
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\n\r\n%PDF-1.7 garbage\r\n--${boundary}--\r\n`,
  },
  {
    kind: 'raw',
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="avatarId"\r\n\r\n2147483648\r\n--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="a.webm"\r\n\r\n\u0000\u0000\u0000\r\n--${boundary}--\r\n`,
  },
  { kind: 'raw', contentType: 'multipart/form-data', payload: 'no boundary' },
);

const wholeBad = fc.record({
  mode: fc.constant('bad' as const),
  param: badParam,
  query: fc.dictionary(fc.constantFrom(...KEYS), badString.map(String), { maxKeys: 3 }),
  body: fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .dictionary(fc.constantFrom(...KEYS), badValue, { minKeys: 1, maxKeys: 6 })
        .map((value) => ({ kind: 'json', value }) as Body),
    },
    { weight: 1, arbitrary: badValue.map((value) => ({ kind: 'json', value }) as Body) },
    { weight: 2, arbitrary: rawBodies },
  ),
});

const oneBad = fc.record({
  mode: fc.constant('one' as const),
  param: fc.oneof(badParam, fc.constant('__good__')),
  query: fc.constant({} as Record<string, string>),
  body: fc
    .tuple(fc.subarray(KEYS, { minLength: 1, maxLength: 8 }), fc.constantFrom(...KEYS), badValue)
    .map(([keys, badKey, bad]) => {
      const value: Record<string, unknown> = {};
      for (const k of keys) value[k] = good(k);
      value[badKey] = bad;
      return { kind: 'json', value } as Body;
    }),
});

describe('fuzz: bad input on every route', () => {
  it(`${RUNS} generated requests: no 5xx, refused input changes nothing`, { timeout: 600_000 }, async () => {
    const routes = t.app.routeTable
      .filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD' && !SKIP.has(`${r.method} ${r.url}`))
      .filter((r, i, all) => all.findIndex((o) => o.method === r.method && o.url === r.url) === i);
    expect(routes.length).toBeGreaterThan(40);
    const seen = new Set<string>();
    const failures: string[] = [];
    const conformance = createConformance(t.app.swagger());
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.oneof(wholeBad, oneBad), async (route, input) => {
        const url =
          route.url.replace(/:[A-Za-z]+/g, () => (input.param === '__good__' ? String(avatarId) : input.param)) +
          (Object.keys(input.query).length ? `?${new URLSearchParams(input.query)}` : '');
        const hasBody = !['GET', 'DELETE', 'OPTIONS'].includes(route.method);
        const before = input.mode === 'bad' ? await snapshot() : '';
        const body = input.body;
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: {
            cookie,
            ...(hasBody ? { 'content-type': body.kind === 'raw' ? body.contentType : 'application/json' } : {}),
          },
          ...(hasBody ? { payload: body.kind === 'raw' ? body.payload : (JSON.stringify(body.value) ?? 'null') } : {}),
        });
        sent += 1;
        seen.add(`${route.method} ${route.url}`);
        const what = `${route.method} ${url.slice(0, 120)} [${input.mode}] ${JSON.stringify(body).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        // A feature switched off by configuration (purchases with CHAIN=none) answers 503 with its
        // reason; any other 5xx, or a 503 that hides its reason, is a defect.
        const explainedUnavailable = res.statusCode === 503 && !res.body.includes('Internal server error');
        if (res.statusCode >= 500 && !explainedUnavailable) failures.push(what);
        const undeclared = conformance.check({
          method: route.method,
          path: url.split('?')[0]!,
          status: res.statusCode,
          contentType: String(res.headers['content-type'] ?? ''),
          location: res.headers.location as string | undefined,
          body: res.rawPayload,
        });
        if (undeclared) failures.push(`not in the OpenAPI document: ${undeclared}`);
        if (input.mode === 'bad' && res.statusCode >= 400) {
          const after = await snapshot();
          if (after !== before) failures.push(`DB changed on a refused request: ${what}`);
        }
        return true;
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 13) },
    );
    expect(failures.slice(0, 30), `${failures.length} failures`).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(1_000);
    expect(seen.size).toBeGreaterThan(routes.length * 0.9);
  });
});
