import type { FastifyRequest } from 'fastify';
import { tooManyRequests } from '@tracemap/service-kit';

/**
 * Counts requests per key in fixed one-minute windows, in memory. Good enough for public
 * forms behind one account process: the gateway's own per-address limit still applies in front.
 */
export interface RateWindow {
  /** 0 when the key may make one more request now, else the whole seconds until its window ends. */
  take(key: string, now?: number): number;
}

export function createRateWindow(limit: number, windowMs = 60_000): RateWindow {
  const counts = new Map<string, { window: number; count: number }>();
  return {
    take(key, now = Date.now()) {
      const window = Math.floor(now / windowMs);
      const entry = counts.get(key);
      if (!entry || entry.window !== window) {
        // Old windows are dropped as they are met, and wholesale when the map grows large.
        if (counts.size > 10_000) counts.clear();
        counts.set(key, { window, count: 1 });
        return 0;
      }
      entry.count += 1;
      if (entry.count <= limit) return 0;
      return Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000));
    },
  };
}

/** The browser's address as the gateway forwarded it (first hop), or the socket's. */
export function clientAddress(forwardedFor: string | string[] | undefined, socketIp: string): string {
  const header = Array.isArray(forwardedFor) ? forwardedFor[0] : forwardedFor;
  const first = header?.split(',')[0]?.trim();
  return first || socketIp;
}

/** What the website's forms (leads, feedback, bug reports) answer beyond their limit. */
export const TOO_MANY_MESSAGES = 'Too many messages from your address. Try again in a minute.';

/**
 * A route hook allowing `limit` requests per client address per minute; beyond it the request
 * is refused with 429 and Retry-After before anything is stored. It runs after validation, so
 * a refused bad body does not use up the allowance.
 */
export function limitPerAddress(limit: number, message: string) {
  const window = createRateWindow(limit);
  return async (request: FastifyRequest): Promise<void> => {
    const waitSeconds = window.take(clientAddress(request.headers['x-forwarded-for'], request.ip));
    if (waitSeconds > 0) throw tooManyRequests(message, waitSeconds);
  };
}
