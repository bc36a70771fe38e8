/**
 * Request-time render of the public pages whose content is data (`/marketplace`, `/avatar/:id`) for
 * a visitor: the server (apps/server/src/plugins/public-pages.ts) loads this bundle (built by
 * scripts/prerender.mjs into `dist/ssr/`) on the first such request and calls
 * {@link renderPublicPage} with loaders that read through its own services. The page's queries are
 * filled from them, the real page components render to HTML with `renderToString`, and the filled
 * cache goes out dehydrated with it, so main.tsx hydrates that markup without asking for the data
 * again and the cards / the avatar are on screen at the first paint. The last pages rendered are kept
 * by URL and data, so an unchanged listing is not rendered again for each visitor.
 */
import type { AvatarDetail } from '@app/domain/marketplace';
import { type DehydratedState, dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { getAvatarDetailsQueryOptions } from '@/features/marketplace/api/get-avatar-details';
import {
  DEFAULT_MARKETPLACE_FILTERS,
  getMarketplaceAvatarsQueryOptions,
  type MarketplacePage,
} from '@/features/marketplace/api/get-marketplace-avatars';
import { getUserQueryOptions } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { AppRouter } from './router';
import { AvatarDetailPage, MarketplacePage as MarketplaceRoute, PublicLayout } from './routes/pages';

/** What the server reads for the render, through the services its API uses. */
export interface PublicPageLoaders {
  /** The first page of the listing with its default filters, as GET /api/marketplace/avatars answers it. */
  marketplaceFirstPage: () => Promise<MarketplacePage>;
  /** The avatar's detail as GET /api/avatar-details/:id answers it; null when there is no such avatar. */
  avatarDetail: (id: string) => Promise<AvatarDetail | null>;
}

/** A rendered public page: what goes inside `<div id="root">`, the query cache behind it and its largest image. */
export interface RenderedPublicPage {
  markup: string;
  state: DehydratedState;
  /** The picture the page's largest contentful paint is (to preload with the HTML), or null. */
  lcpImage: string | null;
}

/** The public pages rendered here, by path: `/marketplace` and `/avatar/:id`; null for any other path. */
function pageOf(pathname: string): { kind: 'marketplace' } | { kind: 'avatar'; id: string } | null {
  if (pathname === '/marketplace') return { kind: 'marketplace' };
  const m = /^\/avatar\/([^/]+)$/.exec(pathname);
  if (!m) return null;
  try {
    return { kind: 'avatar', id: decodeURIComponent(m[1]!) };
  } catch {
    return null; // malformed escape: the shell, whose app shows its own page
  }
}

/**
 * Fills the page's queries; the chunks its route renders are loaded too. Null when there is nothing
 * to show; else the page's image and the data read (what the render depends on besides the URL).
 */
async function fill(
  client: QueryClient,
  page: NonNullable<ReturnType<typeof pageOf>>,
  loaders: PublicPageLoaders,
): Promise<{ lcpImage: string | null; data: unknown } | null> {
  // A visitor: the router goes straight to the public routes (no loading screen).
  client.setQueryData(getUserQueryOptions().queryKey, null);
  if (page.kind === 'marketplace') {
    const [first] = await Promise.all([
      loaders.marketplaceFirstPage(),
      PublicLayout.preload(),
      MarketplaceRoute.preload(),
    ]);
    client.setQueryData(getMarketplaceAvatarsQueryOptions(DEFAULT_MARKETPLACE_FILTERS).queryKey, {
      pages: [first],
      pageParams: [null],
    });
    return { lcpImage: first.avatars[0]?.thumbnailUrl ?? null, data: first };
  }
  const [detail] = await Promise.all([
    loaders.avatarDetail(page.id),
    PublicLayout.preload(),
    AvatarDetailPage.preload(),
  ]);
  if (!detail) return null;
  client.setQueryData(getAvatarDetailsQueryOptions(page.id).queryKey, detail);
  return { lcpImage: detail.thumbnailUrl ?? null, data: detail };
}

/** Pages rendered lately, by URL and data: the same listing is not rendered again for every visitor. */
const rendered = new Map<string, RenderedPublicPage>();
/** How many rendered pages {@link rendered} keeps (the least recently used goes first). */
const RENDERED_KEPT = 16;

/**
 * Renders a visitor's `/marketplace` or `/avatar/:id` as the browser's first render will (main.tsx
 * hydrates it). Null for other paths and for an unknown avatar (the shell then lets the app show
 * its own page). Loader errors are thrown to the caller, which sends the shell instead.
 * @param url the request's path and query, e.g. `/avatar/7`
 */
export async function renderPublicPage(url: string, loaders: PublicPageLoaders): Promise<RenderedPublicPage | null> {
  const [pathname = '', search = ''] = url.split('#')[0]!.split('?');
  const page = pageOf(pathname);
  if (!page) return null;
  const client = createQueryClient();
  const filled = await fill(client, page, loaders);
  if (!filled) return null;
  const key = `${pathname}?${search}\n${JSON.stringify(filled.data)}`;
  const hit = rendered.get(key);
  if (hit) {
    rendered.delete(key);
    rendered.set(key, hit);
    return hit;
  }
  const markup = renderToString(
    <StrictMode>
      <AppProvider client={client}>
        <Router ssrPath={pathname} ssrSearch={search}>
          <AppRouter />
        </Router>
      </AppProvider>
    </StrictMode>,
  );
  const state = dehydrate(client);
  client.clear();
  // React puts a preload of the high-priority image before the markup; the server preloads it from
  // <head> instead (it would be a node in #root that the browser's render does not make).
  const result = { markup: markup.replace(/^(<link [^>]*>)+/, ''), state, lcpImage: filled.lcpImage };
  rendered.set(key, result);
  if (rendered.size > RENDERED_KEPT) rendered.delete(rendered.keys().next().value as string);
  return result;
}
