/** An error that maps to an HTTP status and the `{ error, detail }` body (docs/product/shell.md, 'Error dialog'). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly detail?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, detail?: unknown) => new HttpError(400, message, detail);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this resource') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, detail?: unknown) => new HttpError(409, message, detail);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { retry_after_seconds: retryAfterSeconds }, { 'retry-after': String(retryAfterSeconds) });
