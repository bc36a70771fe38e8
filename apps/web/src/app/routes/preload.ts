/**
 * Route preloading: what a page needs — its chunk and the data it reads first — fetched before it
 * renders: for the route the page opened on (main.tsx, alongside the app's own chunk), when a
 * pointer rests on or focus reaches a link to it (intent), and, chunks only, for the links on screen
 * once the browser is idle. The data goes through the app's query client with the very query
 * options the page uses, so the page finds it cached (or in flight) instead of asking after its
 * chunk has arrived.
 */
import { accessStateOf } from '@app/domain/access';
import { getAvatarQueryOptions } from '@/features/avatar-chat/api/get-avatar';
import { getAvatarDetailsQueryOptions } from '@/features/marketplace/api/get-avatar-details';
import { getNftTokensQueryOptions } from '@/features/nft/api/get-nft-tokens';
import { getTeamsQueryOptions } from '@/features/teams/api/get-teams';
import { getUserQueryOptions } from '@/lib/auth';
import { getAvatarsQueryOptions } from '@/lib/get-avatars';
import { getNetworkQueryOptions } from '@/lib/get-network';
import { getSkillListingsQueryOptions } from '@/lib/get-skill-listings';
import { queryClient } from '@/lib/query-client';
import type { LazyPage } from './lazy-page';
import {
  AdminUsersPage,
  AuthenticatedApp,
  AvatarChatPage,
  AvatarDetailPage,
  BlockchainPage,
  DashboardRoute,
  MarketplacePage,
  NftPage,
  PublicLayout,
  SellPage,
  StudioPage,
  TeamsPage,
} from './pages';

interface RouteNeeds {
  /** The page's chunk. */
  // biome-ignore lint/suspicious/noExplicitAny: pages of any props
  page: LazyPage<any>;
  /** Whether a visitor sees this page (SPEC §2 signed-out route table); else it is signed-in only. */
  isPublic: boolean;
  /** Starts the queries the page reads first; `id` is the route's `:id`. */
  data?: (id: string, signedIn: boolean) => void;
}

const prefetch = {
  avatars: () => void queryClient.prefetchQuery(getAvatarsQueryOptions()),
  network: () => void queryClient.prefetchQuery(getNetworkQueryOptions()),
};

/** SPEC §2 routes by first path segment (`''` is `/`). */
const ROUTES: Record<string, RouteNeeds> = {
  '': { page: DashboardRoute, isPublic: false, data: prefetch.avatars },
  profile: { page: DashboardRoute, isPublic: false, data: prefetch.avatars },
  create: { page: DashboardRoute, isPublic: false, data: prefetch.avatars },
  studio: { page: StudioPage, isPublic: false },
  marketplace: {
    page: MarketplacePage,
    isPublic: true,
    // The listing's module is imported, not bundled here: the page's chunk needs it anyway and the
    // landing page does not.
    data: () =>
      void import('@/features/marketplace/api/get-marketplace-avatars').then((m) =>
        queryClient.prefetchInfiniteQuery(m.getMarketplaceAvatarsQueryOptions(m.DEFAULT_MARKETPLACE_FILTERS)),
      ),
  },
  avatar: {
    page: AvatarDetailPage,
    isPublic: true,
    data: (id) => void queryClient.prefetchQuery(getAvatarDetailsQueryOptions(id)),
  },
  'avatar-chat': {
    page: AvatarChatPage,
    isPublic: false,
    data: (id) => void queryClient.prefetchQuery(getAvatarQueryOptions(id)),
  },
  teams: { page: TeamsPage, isPublic: false, data: () => void queryClient.prefetchQuery(getTeamsQueryOptions()) },
  blockchain: { page: BlockchainPage, isPublic: true, data: prefetch.network },
  nft: {
    page: NftPage,
    isPublic: true,
    data: (_id, signedIn) => {
      prefetch.network();
      if (!signedIn) return;
      prefetch.avatars();
      void queryClient.prefetchQuery(getNftTokensQueryOptions());
    },
  },
  sell: {
    page: SellPage,
    isPublic: false,
    data: () => {
      prefetch.avatars();
      void queryClient.prefetchQuery(getSkillListingsQueryOptions({ active: true, limit: 20 }));
    },
  },
  admin: { page: AdminUsersPage, isPublic: false },
};

/** The route of an app-relative href (`/avatar/7?x=1` → the avatar route, id `7`), or null. */
function routeOf(href: string): { needs: RouteNeeds; id: string } | null {
  if (!href.startsWith('/') || href.startsWith('//')) return null;
  const [segment = '', rawId = '', ...rest] = href.split(/[?#]/)[0]!.slice(1).split('/');
  const needs = Object.hasOwn(ROUTES, segment) ? ROUTES[segment] : undefined;
  if (!needs) return null;
  const takesId = segment === 'avatar' || segment === 'avatar-chat';
  if (takesId ? rawId === '' || rest.length > 0 : rawId !== '') return null;
  let id = '';
  try {
    id = decodeURIComponent(rawId);
  } catch {
    return null;
  }
  return { needs, id };
}

/**
 * Starts loading what the page at `href` needs: the layout and page chunks the router will render
 * for this user, and — unless `data` is false — the queries the page reads first. Signed-in-only
 * pages load nothing for a visitor (the router shows them the landing page). Safe to call often:
 * chunks load once, and queries already cached or in flight are not asked again (they never go
 * stale, lib/query-client.ts). Failures are left to the page, which shows its own error.
 * @param href an app path, e.g. `/avatar/7`
 * @returns settles when the chunks have arrived (or failed); at once when there is nothing to load
 */
export function preloadRoute(href: string, opts: { signedIn: boolean; data?: boolean }): Promise<void> {
  const route = routeOf(href);
  if (!route || (!route.needs.isPublic && !opts.signedIn)) return Promise.resolve();
  const chunks = Promise.all([(opts.signedIn ? AuthenticatedApp : PublicLayout).preload(), route.needs.page.preload()]);
  if (opts.data !== false) route.needs.data?.(route.id, opts.signedIn);
  return chunks.then(
    () => {},
    () => {},
  );
}

/** Whether the cached user (lib/auth.ts) may use the signed-in app (SPEC §4: active or admin). */
function signedInNow(): boolean {
  const user = queryClient.getQueryData(getUserQueryOptions().queryKey);
  return user ? accessStateOf(user).hasAccess : false;
}

/** The app path a link leads to, or null for other origins, downloads and new tabs. */
function appHrefOf(target: EventTarget | null): string | null {
  const a = target instanceof Element ? target.closest('a[href]') : null;
  if (!(a instanceof HTMLAnchorElement) || a.origin !== window.location.origin) return null;
  if (a.hasAttribute('download') || (a.target && a.target !== '_self')) return null;
  return a.pathname + a.search;
}

/**
 * Preloads a page's chunk and data as soon as the user shows intent to follow a link to it: a
 * pointer resting on it, focus reaching it, a touch starting on it. One listener on the document
 * covers every link, rendered now or later.
 * @returns a function that removes the listeners
 */
export function preloadOnLinkIntent(doc: Document = document): () => void {
  const onIntent = (e: Event) => {
    const href = appHrefOf(e.target);
    if (href) preloadRoute(href, { signedIn: signedInNow() });
  };
  const events = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const type of events) doc.addEventListener(type, onIntent, { passive: true, capture: true });
  return () => {
    for (const type of events) doc.removeEventListener(type, onIntent, { capture: true });
  };
}

/**
 * Once the browser is idle, preloads the chunks (not the data) of the pages the links on screen
 * lead to, so that following one shows its page without a loader. Signed-in users only: a visitor's
 * page (the landing page above all) keeps its idle time. Returns a function that cancels it.
 */
export function preloadLinksWhenIdle(doc: Document = document): () => void {
  const run = () => {
    if (!signedInNow()) return;
    const hrefs = new Set<string>();
    for (const a of doc.querySelectorAll('a[href^="/"]')) {
      const href = appHrefOf(a);
      if (href) hrefs.add(href);
    }
    for (const href of hrefs) preloadRoute(href, { signedIn: true, data: false });
  };
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, 500);
  return () => window.clearTimeout(timer);
}
