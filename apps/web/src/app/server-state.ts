import { hydrate, type QueryClient } from '@tanstack/react-query';

/** The id of the `<script type="application/json">` with the query cache of a page rendered by the server. */
export const SERVER_STATE_ID = 'query-state';

/**
 * Puts the query cache the server rendered the page with (`<script type="application/json"
 * id="query-state">`, the dehydrated cache of src/app/ssr.tsx) into `client`, so the app's first
 * render finds the same data and hydrates the server's markup without asking for it again.
 * @returns false when the page has no such script or it cannot be read (the app then renders afresh)
 */
export function hydrateServerState(client: QueryClient, doc: Document = document): boolean {
  const text = doc.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return false;
  try {
    const state = JSON.parse(text) as unknown;
    if (!state || typeof state !== 'object' || !Array.isArray((state as { queries?: unknown }).queries)) return false;
    hydrate(client, state);
    return true;
  } catch {
    return false;
  }
}
