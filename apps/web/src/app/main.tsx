import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './provider';
import { AppRouter, LANDING_PRERENDERED } from './router';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
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
