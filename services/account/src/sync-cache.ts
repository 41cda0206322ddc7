import { LRUCache } from 'lru-cache';
import type { AccountUser } from './use-cases/sync-account';

/**
 * The spec's 2 s account sync cache, per user and in process. This
 * service's own writes delete the entry, so a user sees their change at once.
 */
export function createSyncCache(ttlMs: number) {
  const cache = ttlMs > 0 ? new LRUCache<string, AccountUser>({ max: 10000, ttl: ttlMs }) : null;
  return {
    get: (userId: string) => cache?.get(userId),
    set: (userId: string, user: AccountUser) => void cache?.set(userId, user),
    invalidate: (userId: string) => void cache?.delete(userId),
  };
}
export type SyncCache = ReturnType<typeof createSyncCache>;
