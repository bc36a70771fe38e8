/**
 * The one HTTP client of the app (SPEC §7 "The calls it makes", §8 generic error).
 * Every call sends cookies; bodies are JSON unless a FormData is given.
 */

/**
 * A non-OK HTTP response. Its message is exactly SPEC §8's generic text,
 * `"<status>: <body text or statusText>"`; `status` and `body` are kept for callers
 * that need the server's `{ error }` field.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
    /** The server's `x-request-id` of the failed call: shown by error toasts. */
    readonly requestId?: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }
}

let lastFailure: { requestId: string; at: number } | null = null;

/**
 * The request id of the API call that failed within the last `maxAgeMs` (default 10 s), if any:
 * what an error toast shows so a user can quote it to support.
 */
export function recentFailedRequestId(maxAgeMs = 10_000, now = Date.now()): string | undefined {
  return lastFailure && now - lastFailure.at <= maxAgeMs ? lastFailure.requestId : undefined;
}

/** Throws an {@link ApiError} (with the response's request id) unless the response is OK. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    const requestId = res.headers?.get?.('x-request-id') ?? undefined;
    if (requestId) lastFailure = { requestId, at: Date.now() };
    throw new ApiError(res.status, text, res.statusText, requestId);
  }
}

/**
 * Sends a request to the API with the session cookie.
 * `body` is JSON-encoded, except a `FormData` which is sent as multipart unchanged.
 * Resolves with the (OK) response; rejects with an {@link ApiError} otherwise.
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : undefined,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  await throwIfResNotOk(res);
  return res;
}

/**
 * The message to show for a failed call: the server's `{ error }` text when the body
 * carries one (SPEC §8 'Upload Failed' / 'Update Failed'), else `fallback`.
 */
export function getServerErrorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.body) {
    try {
      const parsed: unknown = JSON.parse(err.body);
      if (
        parsed &&
        typeof parsed === 'object' &&
        'error' in parsed &&
        typeof parsed.error === 'string' &&
        parsed.error
      ) {
        return parsed.error;
      }
    } catch {
      // Not JSON: fall through to the default text.
    }
  }
  return fallback;
}

/** What a read does with a 401: fail (default per SPEC §7) or resolve with `null`. */
export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * A TanStack Query `queryFn` that GETs the URL formed by joining the query key with `/`
 * and parses JSON. With `on401: 'returnNull'` a 401 resolves to `null` instead of failing.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }) {
  return async ({ queryKey, signal }: { queryKey: readonly unknown[]; signal?: AbortSignal }): Promise<T> => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) {
      return null as T;
    }
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}
