/**
 * Build-time render of the landing page (its first paint needs no script): `scripts/prerender.mjs` bundles this
 * module for Node, calls {@link renderLanding} and writes the markup into `dist/landing.html`, which
 * the server sends for `/`. The hero text thus paints from the HTML before any JavaScript runs;
 * main.tsx then hydrates the same tree (see `LANDING_PRERENDERED` in router.tsx).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { AppProvider } from './provider';
import { PublicRoutes } from './router';

/** The HTML of `<div id="root">` on `/` for a visitor (signed out), as the client's first render makes it. */
export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <AppProvider>
        <Router ssrPath="/">
          <PublicRoutes />
        </Router>
      </AppProvider>
    </StrictMode>,
  );
}
