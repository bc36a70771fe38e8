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
// `/` arrives prerendered (dist/landing.html, scripts/prerender.mjs): attach to that markup.
if (LANDING_PRERENDERED && window.location.pathname === '/') hydrateRoot(root, app);
else createRoot(root).render(app);
