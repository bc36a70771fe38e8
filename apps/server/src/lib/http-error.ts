/**
 * An error with an HTTP status that the error handler answers as `{ error: message }` (4xx).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
/**
 * 503 for a feature switched off by configuration (e.g. purchases with CHAIN=none): its message is
 * sent to the client (`expose`, see plugins/errors.ts) so the user learns why, not "Internal server error".
 */
export const unavailable = (message: string) => Object.assign(new HttpError(503, message), { expose: true });
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
