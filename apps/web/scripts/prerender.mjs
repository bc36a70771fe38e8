/**
 * After `vite build`: renders the landing page to HTML at build time (so its first paint needs no script) and writes
 * `dist/landing.html` — dist/index.html with the landing markup inside `<div id="root">` (marked
 * `data-prerendered="landing"`, which main.tsx hydrates once boot.ts has loaded it after the first
 * paint) and preload hints for the two web fonts the hero uses, without the app chunk's preloads.
 * The server sends it for `/`.
 *
 * The same Node build (`dist/ssr/`, every dependency bundled in: the server's production install has
 * no React) holds `src/app/ssr.tsx`, which the server loads on the first visitor's `/marketplace`
 * or `/avatar/:id` to render those pages with their data at request time
 * (apps/server/src/plugins/public-pages.ts); the server never sends `dist/ssr/` to a browser.
 *   node scripts/prerender.mjs   (run by `npm run build -w apps/web`)
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Beasties from 'beasties';
import { build } from 'vite';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webDir, 'dist');
const ssrOut = path.join(dist, 'ssr');

await build({
  root: webDir,
  logLevel: 'warn',
  // Every dependency bundled except the wallet and card-payment SDKs: only the purchase dialogs load
  // them, behind dynamic imports that a render never reaches (and they do not bundle for Node).
  ssr: {
    noExternal: true,
    external: [
      'wagmi',
      '@wagmi/core',
      '@wagmi/connectors',
      '@base-org/account',
      '@walletconnect/ethereum-provider',
      '@stripe/stripe-js',
      '@stripe/react-stripe-js',
    ],
  },
  build: {
    ssr: true,
    outDir: ssrOut,
    emptyOutDir: true,
    copyPublicDir: false,
    rollupOptions: {
      input: { prerender: 'src/app/prerender.tsx', entry: 'src/app/ssr.tsx' },
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
});
const { renderLanding } = await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href);
const markup = renderLanding();

const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!shell.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty <div id="root">');
// Fonts of the hero (headline: Orbitron 900; text: JetBrains Mono 400): fetched with the HTML, not after the CSS.
const assets = readdirSync(path.join(dist, 'assets'));
const preloads = [/^orbitron-latin-900-normal.*\.woff2$/, /^jetbrains-mono-latin-400-normal.*\.woff2$/]
  .map((re) => assets.find((f) => re.test(f)))
  .filter(Boolean)
  .map((f) => `<link rel="preload" href="/assets/${f}" as="font" type="font/woff2" crossorigin />`)
  .join('\n    ');
// The app chunk's modulepreload links (vite.config.ts) come off: on `/` the app is fetched only after
// the first paint (src/app/boot.ts), so that the hero text paints without waiting for or sharing
// the network with it.
const html = shell
  .replace(/\s*<link rel="modulepreload"[^>]*data-app-chunk[^>]*>/g, '')
  .replace('</title>', `</title>\n    ${preloads}`)
  .replace('<div id="root"></div>', `<div id="root" data-prerendered="landing">${markup}</div>`);
// The CSS the landing's markup uses goes inline, with its @font-face rules, and the full stylesheet
// moves to the end of <body> (it would delay the largest contentful paint) — where it would still block the first paint,
// so it is marked media="print" (fetched without blocking) and main.tsx switches it on
// (`data-deferred-media`): no inline handler, which the app's CSP (script-src 'self') would refuse.
const beasties = new Beasties({
  path: dist,
  publicPath: '/',
  preload: 'body',
  inlineFonts: true,
  preloadFonts: false,
  pruneSource: false,
  logLevel: 'warn',
});
const inlined = (await beasties.process(html)).replace(
  /<link rel="stylesheet"([^>]*href="\/assets\/[^"]+\.css")>(\s*<\/body>)/,
  '<link rel="stylesheet"$1 media="print" data-deferred-media="all">$2',
);
if (!inlined.includes('data-deferred-media')) throw new Error('landing.html: no stylesheet before </body> to defer');
writeFileSync(path.join(dist, 'landing.html'), inlined);
rmSync(path.join(ssrOut, 'prerender.js'));
console.log(
  `prerendered dist/landing.html (${(markup.length / 1024).toFixed(1)} KB of landing markup, ${(inlined.length / 1024).toFixed(1)} KB with critical CSS)`,
);
