/**
 * The app: mounts React on `#root` (loaded by boot.ts). A prerendered `/` is hydrated in place;
 * every other page is rendered into the empty shell.
 */
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './provider';
import { AppRouter, LANDING_PRERENDERED } from './router';

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

const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
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
if (LANDING_PRERENDERED && window.location.pathname === '/') hydrateRoot(root, app);
else createRoot(root).render(app);
