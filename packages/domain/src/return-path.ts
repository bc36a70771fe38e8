/**
 * Where sign-in returns to: only a same-origin, relative path is accepted, so a
 * crafted link such as `/api/login?returnTo=//evil.example` can never send a user to another site.
 * Kept free of zod so the browser's entry bundle can import it at no cost.
 */

/** The longest return path kept; longer ones are dropped (a route plus a query fits easily). */
export const MAX_RETURN_PATH_LENGTH = 512;

/** Pages that sign-in never returns to: the sign-in page itself and server routes. */
const NEVER_RETURN_TO = [/^\/login(?:[/?#]|$)/, /^\/api(?:[/?#]|$)/];

/**
 * The path to return to after sign-in, or `null` when `value` is not a safe one.
 * Safe means: a string starting with exactly one `/` (not `//`, not `/\`), no backslash, no
 * control character or whitespace, no scheme (`https:`, `javascript:`), at most
 * {@link MAX_RETURN_PATH_LENGTH} characters, and not `/login` or `/api/...`.
 * `/` itself is returned as `null` (nothing to return to: the default page).
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (value.length < 2 || value.length > MAX_RETURN_PATH_LENGTH) return null;
  if (value[0] !== '/' || value[1] === '/' || value[1] === '\\') return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return null;
  // Decoded forms of the same tricks (`/%2F%2Fevil`, `/%5Cevil`) are refused as well.
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  if (decoded.startsWith('//') || decoded.includes('\\')) return null;
  const pathname = value.split(/[?#]/, 1)[0]!;
  if (NEVER_RETURN_TO.some((re) => re.test(pathname))) return null;
  return value;
}

/** `/login?returnTo=…` for a page, or plain `/login` when the page is not a safe return path. */
export function loginHrefFor(returnTo: string | null | undefined): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `/login?returnTo=${encodeURIComponent(safe)}` : '/login';
}

/** `/api/login?returnTo=…` (SPEC §7 GET /api/login) for a page, or plain `/api/login`. */
export function apiLoginHrefFor(returnTo: string | null | undefined): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `/api/login?returnTo=${encodeURIComponent(safe)}` : '/api/login';
}
