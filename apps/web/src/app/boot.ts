/**
 * The page's entry module (index.html). It carries the stylesheet and a few hundred bytes of
 * script; the app itself (React, the router, the pages) is the `./main` chunk.
 *
 * On the prerendered landing page (`/`, dist/landing.html from scripts/prerender.mjs) the markup
 * is already complete, so the app is fetched only once that markup has painted: its ~90 KB of
 * JavaScript neither delays nor competes with the first paint (the largest contentful paint). A press, a
 * key or focus before then loads it at once, and clicks on buttons and form submits made before it
 * has hydrated are replayed then (early-interactions.ts). The same holds for a visitor's
 * `/marketplace` and `/avatar/:id`, which the server renders with their data (`data-prerendered="page"`,
 * src/app/ssr.tsx); there the app also waits for the page's largest picture (the portrait, the
 * first card's), whose paint is the page's largest contentful paint. Every other page is an empty shell and loads the app at once; index.html
 * preloads the chunk for them (vite.config.ts).
 */
import './index.css';
import { APP_HYDRATED_EVENT, holdEarlyInteractions, PAGE_HYDRATED_EVENT } from './early-interactions';
import { afterFirstContentfulPaint } from './first-paint';

// Called once: afterFirstContentfulPaint runs its callback exactly once.
const startApp = () => {
  import('./main').catch((error: unknown) => console.error('Failed to load the app', error));
};

const root = document.getElementById('root');
if (root?.dataset.prerendered) {
  // A page rendered with its data waits for its largest picture too (ssr.tsx marks it fetchpriority=high).
  const loadNow = afterFirstContentfulPaint(
    startApp,
    undefined,
    root.querySelector<HTMLImageElement>('img[fetchpriority="high"]'),
  );
  holdEarlyInteractions(loadNow, root.dataset.prerendered === 'page' ? PAGE_HYDRATED_EVENT : APP_HYDRATED_EVENT);
} else {
  startApp();
}
