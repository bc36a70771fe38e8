/**
 * The app: mounts React on `#root` (loaded by boot.ts). A prerendered `/` is hydrated in place;
 * every other page is rendered into the empty shell.
 */
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { replayEarlyInteractions } from './early-interactions';
import { AppProvider } from './provider';
import { AppRouter, LANDING_PRERENDERED } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Replays the clicks and submits made on the prerendered page before it was hydrated. */
function ReplayEarlyInteractions() {
  useEffect(() => {
    replayEarlyInteractions();
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
    <ReplayEarlyInteractions />
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
