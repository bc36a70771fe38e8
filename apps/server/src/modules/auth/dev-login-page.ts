/**
 * The development sign-in form served at GET /api/login when no OpenID Connect provider is
 * configured. Plain HTML + CSS, no script, posts to /api/login/dev.
 */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** `returnTo` must already be a safe return path (see `safeReturnPath`); it is posted back with the form. */
export function devLoginPage(opts: {
  error?: string;
  displayName?: string;
  email?: string;
  returnTo?: string;
}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>DEV_SIGN_IN · Neural Avatars</title>
<style>
  :root{color-scheme:dark}
  body{margin:0;min-height:100vh;display:grid;place-items:center;background:#05060a;
    background-image:linear-gradient(rgba(0,255,240,.05) 1px,transparent 1px),linear-gradient(90deg,rgba(0,255,240,.05) 1px,transparent 1px);
    background-size:32px 32px;color:#d7fffb;font-family:ui-monospace,"JetBrains Mono",Menlo,Consolas,monospace}
  main{width:min(420px,calc(100vw - 32px));border:1px solid #00fff0;box-shadow:0 0 24px rgba(0,255,240,.25);background:#0a0d14;padding:28px}
  h1{margin:0 0 4px;font-size:20px;letter-spacing:.12em;color:#00fff0}
  p{margin:0 0 20px;font-size:12px;color:#8aa;line-height:1.5}
  label{display:block;font-size:11px;letter-spacing:.14em;text-transform:uppercase;margin:14px 0 6px;color:#ff2bd6}
  input{width:100%;box-sizing:border-box;background:#05060a;border:1px solid #234;color:#e8fffd;padding:10px 12px;font:inherit}
  input:focus{outline:2px solid #00fff0;outline-offset:1px}
  button{margin-top:22px;width:100%;padding:12px;background:#00fff0;color:#05060a;border:0;font:inherit;font-weight:700;letter-spacing:.14em;cursor:pointer}
  button:focus-visible{outline:2px solid #ff2bd6;outline-offset:2px}
  .err{border:1px solid #ff3860;color:#ff8fa3;padding:8px 10px;font-size:12px;margin-bottom:8px}
  a{color:#00fff0}
</style></head>
<body><main>
  <h1>DEV_SIGN_IN</h1>
  <p>Development sign-in: no password, for local use only. Set OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET to use a real identity provider.</p>
  ${opts.error ? `<div class="err" role="alert">${escapeHtml(opts.error)}</div>` : ''}
  <form method="post" action="/api/login/dev">
    ${opts.returnTo ? `<input type="hidden" name="returnTo" value="${escapeHtml(opts.returnTo)}">` : ''}
    <label for="displayName">Display name</label>
    <input id="displayName" name="displayName" required maxlength="100" autocomplete="name" value="${escapeHtml(opts.displayName ?? '')}">
    <label for="email">E-mail</label>
    <input id="email" name="email" type="email" required maxlength="254" autocomplete="email" value="${escapeHtml(opts.email ?? '')}">
    <button type="submit">SIGN_IN</button>
  </form>
  <p style="margin-top:16px"><a href="/">&larr; back</a></p>
</main></body></html>`;
}
