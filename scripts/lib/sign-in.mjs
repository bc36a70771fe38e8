/**
 * Signing in to a running app from a script with the development login (POST /api/login/dev, there
 * whenever no OpenID provider is configured outside production), and JSON calls with that session.
 */

/** The session cookie (`sid=…`) a response sets, or undefined. */
export function sessionCookie(res) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => /^sid=.+/.test(c))
    .at(-1);
}

/** POSTs the development login form of the app at `origin` as `displayName` <`email`>; the raw answer. */
export function postDevLogin(origin, displayName, email) {
  return fetch(`${origin}/api/login/dev`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ displayName, email }),
  });
}

/**
 * Signs in as `displayName` <`email`> with the development login of the app at `origin`.
 * @returns the session cookie (`sid=…`), for the `cookie` header of later calls
 * @throws Error with the status and body when the sign-in is refused
 */
export async function devLogin(origin, displayName, email) {
  const res = await postDevLogin(origin, displayName, email);
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return sessionCookie(res);
}

/**
 * JSON calls to the app at `origin`: every call carries the app's origin (its CSRF check) and a
 * session cookie (`cookie()` unless the call names another), and gives up after 120 s.
 * @returns `(method, url, body?, cookie?) => {status, json}`; `json` is the text when the body is not JSON
 */
export function jsonClient(origin, cookie = () => '') {
  return async (method, url, body, as = cookie()) => {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: { origin, cookie: as, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(120_000),
    });
    const text = await res.text();
    try {
      return { status: res.status, json: JSON.parse(text) };
    } catch {
      return { status: res.status, json: text };
    }
  };
}
