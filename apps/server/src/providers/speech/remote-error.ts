/**
 * Turns failures of remote AI APIs (AI SDK errors, fetch errors) into a short, secret-free
 * description. Shared by the speech and image providers so both report upstream failures alike.
 */
import {
  APICallError,
  NoImageGeneratedError,
  NoSpeechGeneratedError,
  NoTranscriptGeneratedError,
  RetryError,
} from 'ai';

/** What went wrong upstream, safe to show to users and to log. */
export interface RemoteFailure {
  /** HTTP status from the remote API, when it answered. */
  upstreamStatus?: number;
  /** e.g. 'HTTP 401', 'network error', 'no audio returned'. */
  detail: string;
}

/**
 * Describes `error` without its request body, headers or keys.
 * Unwraps the AI SDK's `RetryError` to its last attempt.
 */
export function describeRemoteFailure(error: unknown): RemoteFailure {
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(last)) {
    return last.statusCode
      ? { upstreamStatus: last.statusCode, detail: `HTTP ${last.statusCode}` }
      : { detail: 'network error' };
  }
  if (last instanceof HttpStatusError) return { upstreamStatus: last.status, detail: `HTTP ${last.status}` };
  if (
    last instanceof Error &&
    /fetch failed|ECONNREFUSED|ENOTFOUND|ETIMEDOUT|socket/i.test(`${last.message} ${String(last.cause)}`)
  ) {
    return { detail: 'network error' };
  }
  if (
    NoSpeechGeneratedError.isInstance(last) ||
    NoTranscriptGeneratedError.isInstance(last) ||
    NoImageGeneratedError.isInstance(last)
  ) {
    return { detail: 'empty response' };
  }
  return { detail: 'unexpected response' };
}

/** A non-2xx answer from a plain `fetch` call (used where the AI SDK is not involved). */
export class HttpStatusError extends Error {
  override readonly name = 'HttpStatusError';
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`HTTP ${status} from ${url}`);
  }
}
