/**
 * A visitor's `/marketplace` and `/avatar/:id` come rendered with their data (plugins/public-pages.ts):
 * the render bundle's markup in `#root`, the query cache as a JSON data script — read through the
 * same services as the API, so it equals what the API answers — and a preload of the page's image.
 * A signed-in user never gets such a page (the shell with their record), and whatever goes wrong
 * (unknown avatar, no bundle, a bundle that throws, the database down) sends the plain shell, never
 * a 500. The render bundle here is a stand-in with the real one's contract (apps/web/src/app/ssr.tsx);
 * the e2e specs run the real one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatars } from '../../src/db/schema';
import { createPublicPageRenderer } from '../../src/plugins/public-pages';
import { registerWebPages } from '../../src/plugins/web-pages';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { insertAvatars, seedBasics } from '../helpers/marketplace';

const SHELL = [
  '<!doctype html><html><head><title>NEURAL_AVATARS</title>',
  '<link rel="modulepreload" crossorigin href="/assets/main-abc.js" data-app-chunk>',
  '</head><body><div id="root"></div><!-- shell --></body></html>',
].join('');

/** A render bundle with the contract of apps/web/src/app/ssr.tsx: markup from the loaders' data. */
const BUNDLE = `
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
export async function renderPublicPage(url, loaders) {
  const pathname = url.split('?')[0];
  if (pathname === '/marketplace') {
    const page = await loaders.marketplaceFirstPage();
    return {
      markup: '<ul>' + page.avatars.map((a) => '<li>' + esc(a.name) + '</li>').join('') + '</ul>',
      state: { queries: [{ queryKey: ['/api/marketplace/avatars'], state: { data: { pages: [page] } } }] },
      lcpImage: page.avatars[0]?.thumbnailUrl ?? null,
    };
  }
  const id = decodeURIComponent(pathname.split('/')[2]);
  const detail = await loaders.avatarDetail(id);
  if (!detail) return null;
  return {
    markup: '<h1>' + esc(detail.name) + '</h1>',
    state: { queries: [{ queryKey: ['/api/avatar-details', id], state: { data: detail } }] },
    lcpImage: detail.thumbnailUrl,
  };
}
`;

/** A web build in a temporary folder: the shell and, unless `bundle` is null, the render bundle. */
function webDist(bundle: string | null = BUNDLE): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-ssr-'));
  writeFileSync(path.join(dir, 'index.html'), SHELL);
  if (bundle !== null) {
    mkdirSync(path.join(dir, 'ssr'));
    writeFileSync(path.join(dir, 'ssr', 'entry.js'), bundle);
  }
  return dir;
}

/** The query cache inlined in a page, or null when there is none. */
function inlinedState(body: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } | null {
  const m = /<script type="application\/json" id="query-state">(.*?)<\/script>/s.exec(body);
  return m ? JSON.parse(m[1]!) : null;
}

/** Every `<script>` of a page that the browser would execute inline (none may exist under the CSP). */
const inlineCode = (body: string) =>
  [...body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/g)].map((m) => m[0]);

describe('public pages rendered for visitors', () => {
  let t: TestApp;
  let web: string;
  let avatarId: number;
  beforeAll(async () => {
    web = webDist();
    t = await createTestApp({ CHAIN: 'none', WEB_DIST_DIR: web });
    const { alice } = await seedBasics(t.database.db);
    const [listed] = await insertAvatars(t.database.db, alice.id, [
      { name: 'NEON_</script><script>alert(1)</script>', thumbnailUrl: '/api/assets/portraits/1-a"b.png' },
      { name: 'GRID_WALKER', thumbnailUrl: '/api/assets/portraits/2-a"b.png' },
    ]);
    avatarId = listed!.id;
    await insertAvatars(t.database.db, alice.id, [{ name: 'RETIRED_ONE', isActive: false }]);
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  it("sends /marketplace with its cards and the API's first page as a JSON data script", async () => {
    const res = await t.app.inject({ url: '/marketplace' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root" data-prerendered="page"><ul><li>GRID_WALKER</li>');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(inlineCode(res.body)).toEqual([]);
    // The app's chunk comes after the first paint; the first card's picture comes first.
    expect(res.body).not.toContain('data-app-chunk');
    expect(res.body).toContain(
      '<link rel="preload" as="image" href="/api/assets/portraits/2-a&quot;b.png" fetchpriority="high" />',
    );
    const api = await t.app.inject({ url: '/api/marketplace/avatars' });
    const data = inlinedState(res.body)?.queries[0]?.state.data as { pages: { avatars: unknown[] }[] };
    expect(data.pages[0]!.avatars).toEqual(api.json());
    expect(data.pages[0]).toMatchObject({ nextCursor: null, priceSource: api.headers['x-price-source'] });
    // Compressed like the API's answers.
    const br = await t.app.inject({ url: '/marketplace', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(res.body);
  });

  it("sends /avatar/:id with the avatar's name and the API's detail as a JSON data script", async () => {
    const res = await t.app.inject({ url: `/avatar/${avatarId}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-prerendered="page"><h1>NEON_&lt;/script>&lt;script>alert(1)&lt;/script></h1>');
    expect(res.body).toContain('<link rel="preload" as="image" href="/api/assets/portraits/1-a&quot;b.png"');
    expect(inlineCode(res.body)).toEqual([]);
    const api = await t.app.inject({ url: `/api/avatar-details/${avatarId}` });
    expect(api.statusCode).toBe(200);
    expect(inlinedState(res.body)?.queries[0]?.state.data).toEqual(api.json());
  });

  it('sends the plain shell for an unknown, archived or malformed avatar id', async () => {
    const [archived] = await t.database.db.select({ id: avatars.id }).from(avatars).limit(3).offset(2);
    for (const url of ['/avatar/999999', `/avatar/${archived!.id}`, '/avatar/abc', '/avatar/-1', '/avatar/1e3']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL);
    }
    // A path that is not valid percent-encoding is refused by the router before any page (400, as before).
    expect((await t.app.inject({ url: '/avatar/%E0%A4%A' })).statusCode).toBe(400);
  });

  it('sends a signed-in user the shell with their record, never the page rendered for visitors', async () => {
    const { cookie } = await signIn(t.app, { email: 'ssr-member@example.test' });
    for (const url of ['/marketplace', `/avatar/${avatarId}`]) {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<!-- shell -->');
      expect(res.body).toContain('id="session-user"');
      expect(res.body).not.toContain('data-prerendered');
      expect(res.body).not.toContain('query-state');
      expect(res.body).not.toContain('GRID_WALKER');
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it('never sends the render bundle to a browser', async () => {
    const res = await t.app.inject({ url: '/ssr/entry.js' });
    expect(res.body).not.toContain('renderPublicPage');
  });
});

describe('public pages when they cannot be rendered', () => {
  it('sends the plain shell when there is no render bundle or it throws', async () => {
    for (const bundle of [null, 'export async function renderPublicPage() { throw new Error("broken"); }', 'syntax(']) {
      const web = webDist(bundle);
      const t = await createTestApp({ CHAIN: 'none', WEB_DIST_DIR: web });
      try {
        for (const url of ['/marketplace', '/avatar/1']) {
          const res = await t.app.inject({ url });
          expect(res.statusCode).toBe(200);
          expect(res.body).toBe(SHELL);
        }
      } finally {
        await t.close();
        rmSync(web, { recursive: true, force: true });
      }
    }
  });

  it('sends the plain shell when the database is down or too slow', async () => {
    const web = webDist();
    const app = Fastify({ logger: false });
    app.decorateRequest('session', null as never);
    app.addHook('onRequest', async (req) => {
      (req as unknown as { session: object }).session = {};
    });
    const down = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    app.decorate('publicPageData', { marketplaceFirstPage: down, avatarDetail: down });
    await registerWebPages(app, { webDist: web });
    try {
      for (const url of ['/marketplace', '/avatar/1']) {
        const res = await app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(SHELL);
      }
      const never = () => new Promise<never>(() => {});
      const render = createPublicPageRenderer({
        webDist: web,
        shell: SHELL,
        data: () => ({ marketplaceFirstPage: never, avatarDetail: never }),
        log: app.log,
        timeoutMs: 50,
      });
      expect(await render('/marketplace')).toBeNull();
    } finally {
      await app.close();
      rmSync(web, { recursive: true, force: true });
    }
  });
});
