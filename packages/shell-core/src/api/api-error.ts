/** An API error as the services send it: `{ statusCode, code, message }`. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  /** The whole error body, for errors that carry data beside the message (a conflict's `current`, lint `findings`). */
  readonly body: Record<string, unknown>;

  constructor(statusCode: number, code: string, message: string, body: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
    this.body = body;
  }
}

/** Builds an ApiError from a failed response, falling back to the HTTP status when the body is not JSON. */
export async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (body && typeof body === 'object') {
    const b = body as { statusCode?: unknown; code?: unknown; message?: unknown };
    return new ApiError(
      typeof b.statusCode === 'number' ? b.statusCode : res.status,
      typeof b.code === 'string' ? b.code : `HTTP_${res.status}`,
      typeof b.message === 'string' ? b.message : res.statusText || `Request failed with status ${res.status}`,
      body as Record<string, unknown>,
    );
  }
  return new ApiError(res.status, `HTTP_${res.status}`, res.statusText || `Request failed with status ${res.status}`);
}
