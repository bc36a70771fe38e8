import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Adds `<link rel="modulepreload" data-app-chunk>` for the app chunk (src/app/main.tsx, which the
 * entry boot.ts imports dynamically) and the chunks it imports, so the empty shell fetches them in
 * parallel with the entry. scripts/prerender.mjs removes these links from the landing page, which
 * loads the app only after its first paint (boot.ts).
 */
function preloadAppChunk(): Plugin {
  return {
    name: 'preload-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const app = chunks.find((c) => c.moduleIds.some((id) => id.endsWith('/src/app/main.tsx')));
        if (!app) throw new Error('preload-app-chunk: no chunk for src/app/main.tsx');
        // The entry and what it imports statically are in index.html already.
        const entry = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]));
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName) || entry.has(fileName)) return;
          files.add(fileName);
          const chunk = chunks.find((c) => c.fileName === fileName);
          for (const imported of chunk?.imports ?? []) visit(imported);
        };
        visit(app.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, 'data-app-chunk': true },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

// Dev-only: where `/api` is proxied. The server listens on 5000 by default (SPEC: `npm start`).
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:5000';

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadAppChunk()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // The app (src/app/main.tsx, imported by boot.ts) and everything it imports statically as one
        // chunk: without this group Rolldown splits out each module main shares with a lazy page, and the
        // landing page fetched 8 files instead of 1 after its first paint. Vite's preload helper, which
        // the entry uses too, stays out of it: otherwise the entry would import the app chunk at once.
        codeSplitting: {
          groups: [
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 1 },
            { name: 'main', test: /[\\/]src[\\/]app[\\/]main\.tsx$/ },
          ],
        },
      },
    },
  },
});
