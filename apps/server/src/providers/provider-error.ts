/**
 * The failure of an outside provider (a remote API or an embedded engine), shared by the image and
 * speech providers: HTTP 502, a message that names the provider and the upstream status only, so
 * it is safe to show.
 */
export class ProviderError extends Error {
  readonly statusCode = 502;
  readonly status = 502;
  /** The message names the provider and the upstream status only, so it is safe to show. */
  readonly expose = true;
  /** HTTP status returned by the remote API, if any. */
  readonly upstreamStatus: number | undefined;
  /**
   * @param provider provider name, e.g. 'openai'
   * @param message what failed, without secrets (never includes the request body or keys)
   * @param options.cause the underlying error, kept for logs
   * @param options.upstreamStatus HTTP status returned by the remote API, if any
   */
  constructor(
    readonly provider: string,
    message: string,
    options: { cause?: unknown; upstreamStatus?: number } = {},
  ) {
    super(`${provider}: ${message}`, { cause: options.cause });
    this.upstreamStatus = options.upstreamStatus;
  }
}
