/**
 * Typed application error. Every API error leaves a service as
 * `{ statusCode, code, message }`, so use cases throw these
 * instead of shaping replies themselves.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly headers?: Record<string, string>;
  /**
   * Extra fields of the answer next to statusCode, code and message, for
   * errors a client acts on (e.g. the current entity of a version conflict).
   * They cannot replace those three.
   */
  readonly details?: Record<string, unknown>;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    headers?: Record<string, string>,
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
    this.details = details;
  }
}

export const badRequest = (message: string, code = 'bad_request') => new AppError(400, code, message);
export const unauthorized = (message = 'You must be logged in to access this page.', code = 'unauthorized') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You do not have permission to do this.', code = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found', code = 'not_found') => new AppError(404, code, message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
export const gone = (message: string, code = 'gone') => new AppError(410, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number, code = 'over_request_rate_limit') =>
  new AppError(429, code, message, { 'retry-after': String(retryAfterSeconds) });
export const serviceUnavailable = (message: string, retryAfterSeconds = 1, code = 'service_unavailable') =>
  new AppError(503, code, message, { 'retry-after': String(retryAfterSeconds) });

export interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
}
