/**
 * The app: mounts React on `#root` (loaded by boot.ts). A prerendered `/` is hydrated in place, and so
 * is a visitor's `/marketplace` or `/avatar/:id` that the server rendered (`data-prerendered="page"`,
 * with its query cache: server-state.ts); every other page is rendered into the empty shell — for a signed-in user the server has put the
 * user in it, so the signed-in page renders at once, its chunk and data already on their way.
 */
import { accessStateOf } from '@app/domain/access';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { useLocation } from 'wouter';
import { seedSessionUser } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { AppRouter, LANDING_PRERENDERED } from './router';
import { preloadLinksWhenIdle, preloadOnLinkIntent, preloadRoute } from './routes/preload';
import { hydrateServerState } from './server-state';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * Tells boot.ts that the app has hydrated, so that it replays the clicks and submits made on the
 * prerendered page before then. The event's name is `APP_HYDRATED_EVENT` in early-interactions.ts,
 * written out here: importing it would pull that module into this chunk, and the entry with it.
 */
function AnnounceHydrated() {
  useEffect(() => {
    document.dispatchEvent(new Event('app:hydrated'));
  }, []);
  return null;
}

/** The longest the first render waits for the opened page's chunks, in ms (they then load behind a loader). */
const FIRST_RENDER_WAIT_MS = 3000;

/** After each navigation, once idle, preloads the pages the links on screen lead to (routes/preload.ts). */
function PreloadLinksOnScreen() {
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again on every navigation
  useEffect(() => preloadLinksWhenIdle(), [location]);
  return null;
}

const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
      <PreloadLinksOnScreen />
    </AppProvider>
    <AnnounceHydrated />
  </StrictMode>
);
// The prerendered landing page inlines its critical CSS and fetches the full stylesheet as
// media="print" so it never blocks the first paint (scripts/prerender.mjs): apply it now.
for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-media]')) {
  link.media = link.dataset.deferredMedia ?? 'all';
  link.removeAttribute('data-deferred-media');
}
// `/` arrives prerendered (dist/landing.html, scripts/prerender.mjs): attach to that markup.
const here = window.location.pathname + window.location.search;
if (LANDING_PRERENDERED && window.location.pathname === '/') {
  preloadOnLinkIntent();
  hydrateRoot(root, app);
} else if (root.dataset.prerendered === 'page' && hydrateServerState(queryClient)) {
  // Rendered by the server for a visitor (apps/web/src/app/ssr.tsx), its data in the cache now: the
  // page's chunks load, then React attaches to the markup already on screen — as a transition, so
  // that hydrating a page of cards yields to the browser every few ms instead of holding the main
  // thread in one long task (the markup is already visible and the links work meanwhile).
  const chunks = preloadRoute(here, { signedIn: false, data: false });
  preloadOnLinkIntent();
  void chunks.then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  // The page the user opened: its chunks and data start loading now, before React's first render,
  // and that render waits for the chunks (at most FIRST_RENDER_WAIT_MS) — the page then appears
  // whole instead of behind a loader for each chunk the router reaches in turn.
  const sessionUser = seedSessionUser();
  const chunks = preloadRoute(here, {
    signedIn: accessStateOf(sessionUser).hasAccess,
  });
  preloadOnLinkIntent();
  let rendered = false;
  const render = () => {
    if (rendered) return;
    rendered = true;
    createRoot(root).render(app);
  };
  void chunks.then(render);
  setTimeout(render, FIRST_RENDER_WAIT_MS);
}
