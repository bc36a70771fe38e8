/** An http(s) URL, parsed against the page; null for anything else (never put a `javascript:` URL in a link or frame). */
export function parseWebUrl(value: string | null | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
