/**
 * Counts requests per key in fixed one-minute windows, in memory. Good enough for public
 * forms behind one account process: the gateway's own per-address limit still applies in front.
 */
export interface RateWindow {
  /** true when the key may make one more request now. */
  take(key: string, now?: number): boolean;
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
        return true;
      }
      entry.count += 1;
      return entry.count <= limit;
    },
  };
}

/** The browser's address as the gateway forwarded it (first hop), or the socket's. */
export function clientAddress(forwardedFor: string | string[] | undefined, socketIp: string): string {
  const header = Array.isArray(forwardedFor) ? forwardedFor[0] : forwardedFor;
  const first = header?.split(',')[0]?.trim();
  return first || socketIp;
}
