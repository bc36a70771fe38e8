/**
 * The origin of deployed-site previews as the browser must see it (ADR 005).
 * The embedded sites server listens on its own port and is reached under the *other* loopback
 * host name than the app's (cookies are scoped by host, not port): app on `localhost` → sites on
 * `127.0.0.1`, app on `127.0.0.1` (or `[::1]`) → sites on `localhost`. A configured `SITES_ORIGIN`
 * (a public deployment) is used as it is.
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether `hostname` (as `URL.hostname` spells it) names this machine. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
}

/** The loopback host name the sites are served under when the app is opened on `appHostname`. */
export function otherLoopbackHost(appHostname: string): string {
  return appHostname.toLowerCase() === 'localhost' ? '127.0.0.1' : 'localhost';
}

/**
 * Every app origin that may frame the embedded sites server on `appPort`, and every sites origin
 * the app may frame: both loopback names (the app is opened on either), plus `publicOrigin`.
 */
export function loopbackOrigins(port: number, protocol = 'http:'): string[] {
  return [`${protocol}//localhost:${port}`, `${protocol}//127.0.0.1:${port}`];
}

/** scheme, host (a bracketed IPv6 address or a name) and the rest (`:port/path?query#hash`). */
const URL_PARTS = /^([a-z][a-z0-9+.-]*:\/\/)(\[[^\]]*\]|[^/:?#]*)(.*)$/i;

/** The host name of an absolute URL or origin (`[::1]` keeps its brackets), or null when it has none. */
export function hostnameOf(url: string): string | null {
  return URL_PARTS.exec(url)?.[2]?.toLowerCase() ?? null;
}

/**
 * The preview URL to load from a page on `pageOrigin` (both absolute). A stored preview URL on a
 * loopback host is moved to the loopback name other than the page's (same scheme, port and path),
 * so a preview made while the app was opened on `localhost` still loads — on another host — when
 * it is opened on `127.0.0.1`, and the other way round. Any other URL is returned as it is.
 */
export function previewUrlForPage(previewUrl: string, pageOrigin: string): string {
  const parts = URL_PARTS.exec(previewUrl);
  const pageHost = hostnameOf(pageOrigin);
  if (!parts || !pageHost || !isLoopbackHost(parts[2]!) || !isLoopbackHost(pageHost)) return previewUrl;
  return `${parts[1]}${otherLoopbackHost(pageHost)}${parts[3]}`;
}
