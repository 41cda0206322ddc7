import type { PlannedRequest } from '@tracemap/destinations';
import { DESTINATION_ERRORS } from './destination-errors';

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}
export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface HttpAnswer {
  status: number;
  body: unknown;
  text: string;
}

export interface HttpOptions {
  destination: string;
  baseUrl: string;
  /** Headers every call carries (auth); asked per call so an expiring token can be renewed. */
  headers: () => Promise<Record<string, string>>;
  clock: Clock;
  /** Tries per call before a 429 or 5xx answer is final. */
  maxAttempts?: number;
}

const BACKOFF_START_MS = 1000;
const BACKOFF_MAX_MS = 60_000;

/** `Retry-After` in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * Calls one destination: waits what `Retry-After` says on 429 (or backs off when it says
 * nothing), backs off exponentially on 5xx and on network failures, and gives the last answer
 * back once the tries are used up. Waits go through the clock, so tests never sleep.
 */
export function destinationHttp(options: HttpOptions) {
  const maxAttempts = options.maxAttempts ?? 8;
  let writes = 0;
  async function send(request: Pick<PlannedRequest, 'method' | 'path' | 'headers' | 'body'>): Promise<HttpAnswer> {
    if (request.method !== 'GET') writes += 1;
    let backoff = BACKOFF_START_MS;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= maxAttempts;
      let response: Response;
      try {
        // A call without a body sends no content type: some servers refuse an empty form or JSON body.
        const headers = { ...(request.body === undefined ? {} : request.headers), ...(await options.headers()) };
        response = await fetch(`${options.baseUrl}${request.path}`, {
          method: request.method,
          headers,
          body: request.body,
        });
      } catch (error) {
        if (last) throw DESTINATION_ERRORS.unavailable(options.destination, (error as Error).message);
        await options.clock.sleep(backoff);
        backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
        continue;
      }
      const text = await response.text();
      const retryable = response.status === 429 || response.status >= 500;
      if (!retryable || last) return { status: response.status, text, body: parse(text) };
      const told =
        response.status === 429 ? retryAfterMs(response.headers.get('retry-after'), options.clock.now()) : null;
      await options.clock.sleep(told ?? backoff);
      backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
    }
  }
  /** A read that must succeed: its JSON answer, or a typed error. */
  async function read(path: string): Promise<unknown> {
    const answer = await send({ method: 'GET', path, headers: {} });
    if (answer.status === 401 || answer.status === 403)
      throw DESTINATION_ERRORS.authFailed(options.destination, answer.status);
    if (answer.status >= 300)
      throw DESTINATION_ERRORS.readFailed(options.destination, answer.status, answer.text.slice(0, 300));
    return answer.body;
  }
  return { send, read, writeCalls: () => writes };
}

export type DestinationHttp = ReturnType<typeof destinationHttp>;

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
