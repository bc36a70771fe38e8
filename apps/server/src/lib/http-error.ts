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
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
