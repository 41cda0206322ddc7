import { AppError } from './errors';

export interface InternalClientOptions {
  baseUrl: string;
  timeoutMs?: number;
  /** Shared secret that marks a call as coming from another service. */
  serviceToken?: string;
}

export interface InternalCallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  requestId?: string;
  headers?: Record<string, string>;
}

/**
 * Service-to-service HTTP with a timeout. A callee that is down or slow
 * raises a 503 AppError, which callers turn into a degraded answer.
 */
export function createInternalClient(options: InternalClientOptions) {
  const timeoutMs = options.timeoutMs ?? 3000;
  return async function call<T>(path: string, callOptions: InternalCallOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...(callOptions.headers ?? {}) };
    if (callOptions.body !== undefined) headers['content-type'] = 'application/json';
    if (callOptions.requestId) headers['x-request-id'] = callOptions.requestId;
    if (options.serviceToken) headers['x-service-token'] = options.serviceToken;
    let response: Response;
    try {
      response = await fetch(new URL(path, options.baseUrl), {
        method: callOptions.method ?? 'GET',
        headers,
        body: callOptions.body === undefined ? undefined : JSON.stringify(callOptions.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new AppError(503, 'dependency_unavailable', `Upstream ${options.baseUrl} is unavailable`);
    }
    const text = await response.text();
    const data = text ? JSON.parse(text) : undefined;
    if (!response.ok) {
      throw new AppError(
        response.status,
        (data && (data.code as string)) || 'upstream_error',
        (data && (data.message as string)) || `Upstream answered ${response.status}`,
      );
    }
    return data as T;
  };
}
export type InternalClient = ReturnType<typeof createInternalClient>;
