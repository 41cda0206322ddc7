import { toApiError } from './api-error';
import { shouldRetry } from './retry-rule';

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body (serialised for you). */
  body?: unknown;
  /** A body sent as it is (a CSV file), with its content type; wins over `body`. */
  rawBody?: { text: string; contentType: string };
  /** `text` hands back the response body unparsed (file downloads). */
  responseType?: 'json' | 'text';
  /** Query parameters for GET/DELETE. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Bearer token for authenticated calls. */
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Injected fetch (tests); defaults to the global fetch. */
  fetchFn?: FetchFn;
}

function withQuery(path: string, query: ApiFetchOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/**
 * Typed JSON API client. A GET is retried once on 408/409/425/429/500/502/503/504;
 * other methods are never retried. A non-2xx answer throws an ApiError carrying
 * `{ statusCode, code, message }` from the body.
 */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const fetchFn: FetchFn = options.fetchFn ?? ((input, init) => fetch(input, init));
  const asText = options.responseType === 'text';
  const headers: Record<string, string> = { accept: asText ? '*/*' : 'application/json', ...options.headers };
  let body: string | undefined;
  if (options.rawBody) {
    headers['content-type'] = options.rawBody.contentType;
    body = options.rawBody.text;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const init: RequestInit = {
    method,
    headers,
    body,
    signal: options.signal,
    credentials: 'same-origin',
  };
  const url = withQuery(path, options.query);

  for (let attempt = 0; ; attempt++) {
    const res = await fetchFn(url, init);
    if (res.ok) {
      if (res.status === 204) return undefined as T;
      const text = await res.text();
      if (asText) return text as T;
      return (text ? JSON.parse(text) : undefined) as T;
    }
    if (shouldRetry(method, res.status, attempt)) continue;
    throw await toApiError(res);
  }
}
