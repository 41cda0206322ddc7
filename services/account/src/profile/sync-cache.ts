import { LRUCache } from 'lru-cache';
import type { CompanyPermission } from '@tracemap/contracts';
import type { AccountUser } from './sync-account';

export interface SyncCacheOptions {
  /** How long an answer is served as is (the product's 2 s account sync cache). */
  ttlMs: number;
  /**
   * For how long after that an expired answer may still be served while one refresh runs in
   * the background. Bounds how old an answer can be: ttlMs + staleMs (0 turns it off).
   */
  staleMs: number;
  now?: () => number;
}

/** What a load produced, and whether it may be kept (degraded answers are not). */
export interface SyncLoad {
  user: AccountUser;
  cacheable: boolean;
}

interface Entry {
  user: AccountUser;
  at: number;
}

interface Flight {
  promise: Promise<SyncLoad>;
  /** Set by invalidate: a write happened after this load started, so its answer is not kept. */
  cancelled: boolean;
}

/**
 * The account sync cache, per user and in process.
 *
 * - An answer younger than ttlMs is served as is.
 * - Up to staleMs after that it is still served, and one background refresh is started, so
 *   a crowd of clients whose entries expire together never waits on the peers at once.
 * - Concurrent misses for one user share a single load (single flight).
 * - This service's own writes call invalidate: the entry goes, and a load that started
 *   before the write can neither be joined nor stored, so the writer sees the change at once.
 * - Degraded answers are never stored, so recovery shows at the next request.
 *
 * It also remembers each user's last complete company permissions, for the answer given
 * while the company service is down.
 */
export function createSyncCache(options: SyncCacheOptions) {
  const now = options.now ?? Date.now;
  const keepFor = options.ttlMs + options.staleMs;
  const entries = options.ttlMs > 0 ? new LRUCache<string, Entry>({ max: 10000 }) : null;
  const flights = new Map<string, Flight>();
  const lastPermissions = new LRUCache<string, CompanyPermission[]>({ max: 10000 });

  function fly(userId: string, load: () => Promise<SyncLoad>): Promise<SyncLoad> {
    const running = flights.get(userId);
    if (running) return running.promise;
    const flight = { cancelled: false } as Flight;
    const settle = () => {
      if (flights.get(userId) === flight) flights.delete(userId);
    };
    flight.promise = load().then(
      (result) => {
        settle();
        if (result.cacheable && entries && !flight.cancelled) entries.set(userId, { user: result.user, at: now() });
        return result;
      },
      (error: unknown) => {
        settle();
        throw error;
      },
    );
    flights.set(userId, flight);
    return flight.promise;
  }

  return {
    /**
     * The user's answer: from the cache when fresh (or stale within the bound, refreshing in
     * the background), else from one shared load. onBackgroundError hears refresh failures.
     */
    async read(
      userId: string,
      load: () => Promise<SyncLoad>,
      onBackgroundError: (error: unknown) => void,
    ): Promise<AccountUser> {
      const entry = entries?.get(userId);
      if (entry) {
        const age = now() - entry.at;
        if (age < options.ttlMs) return entry.user;
        if (age < keepFor) {
          fly(userId, load).catch(onBackgroundError);
          return entry.user;
        }
        entries!.delete(userId);
      }
      return (await fly(userId, load)).user;
    },
    invalidate(userId: string): void {
      entries?.delete(userId);
      const running = flights.get(userId);
      if (running) running.cancelled = true;
      flights.delete(userId);
    },
    rememberPermissions(userId: string, permissions: CompanyPermission[]): void {
      lastPermissions.set(userId, permissions);
    },
    lastKnownPermissions(userId: string): CompanyPermission[] | undefined {
      return lastPermissions.get(userId);
    },
  };
}
export type SyncCache = ReturnType<typeof createSyncCache>;
