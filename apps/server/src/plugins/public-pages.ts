/**
 * A visitor's `/marketplace` and `/avatar/:id`, rendered at request time: the web app's real page
 * components render to HTML on the server (apps/web/src/app/ssr.tsx, built into
 * `<webDist>/ssr/entry.js` by apps/web/scripts/prerender.mjs) with the page's data, read through
 * the marketplace's services (`app.publicPageData`, modules/marketplace/public-page-data.ts). The
 * page goes out with that markup in `<div id="root" data-prerendered="page">`, its query cache as
 * `<script type="application/json" id="query-state">` (data, not code: the CSP's script-src 'self'
 * holds) and a preload of its largest image, and without the app chunk's preloads: as on the
 * prerendered `/`, the app is fetched after the first paint and hydrates the markup without
 * fetching the data again (apps/web/src/app/boot.ts, main.tsx).
 *
 * The render bundle is loaded on the first such request, not at start (the server's idle memory).
 * Whenever rendering fails — no bundle, the database down, an unknown avatar, a read slower than
 * {@link RENDER_TIMEOUT_MS} — the caller sends the plain shell, whose app loads and shows the page as
 * before (its own "Avatar Not Found" for an unknown id).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { loadOnce } from '../lib/load-once';
import type { PublicPageData } from '../modules/marketplace/public-page-data';

/** What the render bundle's `renderPublicPage` answers (apps/web/src/app/ssr.tsx). */
interface RenderedPublicPage {
  markup: string;
  state: unknown;
  lcpImage: string | null;
}

interface RenderBundle {
  renderPublicPage: (url: string, loaders: PublicPageData) => Promise<RenderedPublicPage | null>;
}

/** The longest a page waits for its data and render before the shell goes out instead, in ms. */
export const RENDER_TIMEOUT_MS = 3000;

/** The render bundle inside the web build. */
export const RENDER_BUNDLE = path.join('ssr', 'entry.js');

/** Whether `pathname` is one of the pages rendered here. */
export function isRenderedPublicPath(pathname: string): boolean {
  return pathname === '/marketplace' || /^\/avatar\/[^/]+$/.test(pathname);
}

/** JSON that is safe inside a `<script>` element: no `<` can close it or open a comment. */
export const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Text safe inside a double-quoted HTML attribute. */
const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Where the rendered markup goes in the shell. */
const ROOT_MARK = '<div id="root"></div>';

/**
 * Renders visitor pages into `shell` (dist/index.html).
 * @param opts.webDist the web build, whose `ssr/entry.js` is the render bundle
 * @param opts.data the pages' reads; without them (no marketplace module) nothing is rendered
 * @returns `render(url)`: the page's HTML, or null when the shell should go out instead
 */
export function createPublicPageRenderer(opts: {
  webDist: string;
  shell: string;
  data: () => PublicPageData | undefined;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}): (url: string) => Promise<string | null> {
  const bundlePath = path.join(opts.webDist, RENDER_BUNDLE);
  // The app's chunk is fetched after the first paint (boot.ts): its preloads would compete with the page's image.
  const template = opts.shell.replace(/\s*<link rel="modulepreload"[^>]*data-app-chunk[^>]*>/g, '');
  const canRender = template.includes(ROOT_MARK) && template.includes('</title>');
  // A failed load is forgotten: a later request tries again (a build written since).
  const loadBundle = loadOnce(() =>
    import(pathToFileURL(bundlePath).href).then((m: RenderBundle) => {
      if (typeof m.renderPublicPage !== 'function') throw new Error(`${bundlePath} has no renderPublicPage`);
      return m;
    }),
  );

  return async (url) => {
    const data = opts.data();
    if (!canRender || !data || !existsSync(bundlePath)) return null;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('render timed out')), opts.timeoutMs ?? RENDER_TIMEOUT_MS);
      });
      const page = await Promise.race([loadBundle().then((b) => b.renderPublicPage(url, data)), timeout]);
      if (!page) return null;
      const preload = page.lcpImage
        ? `\n    <link rel="preload" as="image" href="${attr(page.lcpImage)}" fetchpriority="high" />`
        : '';
      return template
        .replace('</title>', () => `</title>${preload}`)
        .replace(
          ROOT_MARK,
          () =>
            `<script type="application/json" id="query-state">${inlineJson(page.state)}</script>` +
            `<div id="root" data-prerendered="page">${page.markup}</div>`,
        );
    } catch (err) {
      opts.log.warn({ err, url }, 'public page sent as the plain shell: it could not be rendered');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
