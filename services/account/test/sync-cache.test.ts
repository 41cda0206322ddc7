import type { AccountUser } from '@tracemap/contracts';
import { createSyncCache, type SyncLoad } from '../src/profile/sync-cache';

const user = (n: number): AccountUser => ({
  id: 'u1',
  email: `v${n}@example.com`,
  emailConfirmed: true,
  trialUsed: false,
  anamap_admin: false,
  passwordResetRequired: false,
  companyPermissions: [],
  firstName: 'Ada',
  lastName: 'Lovelace',
});

/** A load the test finishes by hand, counting how many were started. */
function loads() {
  const started: Array<(result: SyncLoad) => void> = [];
  let version = 0;
  return {
    started,
    load: () =>
      new Promise<SyncLoad>((resolve) => {
        version += 1;
        const mine = version;
        started.push((result) => resolve(result ?? { user: user(mine), cacheable: true }));
      }),
    finish: (index: number, result?: SyncLoad) => started[index](result as SyncLoad),
  };
}

let clock = 0;
const now = () => clock;
const ignore = () => undefined;

beforeEach(() => {
  clock = 1_000_000;
});

describe('account sync cache', () => {
  test('concurrent misses for one user share a single load', async () => {
    const cache = createSyncCache({ ttlMs: 2000, staleMs: 1000, now });
    const l = loads();
    const reads = Array.from({ length: 50 }, () => cache.read('u1', l.load, ignore));
    expect(l.started).toHaveLength(1);
    l.finish(0);
    const answers = await Promise.all(reads);
    expect(new Set(answers.map((a) => a.email))).toEqual(new Set(['v1@example.com']));
  });

  test('serves fresh for ttl, then stale within the bound while one background refresh runs, then waits', async () => {
    const cache = createSyncCache({ ttlMs: 2000, staleMs: 1000, now });
    const l = loads();
    const first = cache.read('u1', l.load, ignore);
    l.finish(0);
    expect((await first).email).toBe('v1@example.com');

    clock += 1999;
    expect((await cache.read('u1', l.load, ignore)).email).toBe('v1@example.com');
    expect(l.started).toHaveLength(1);

    // Expired but within the bound: 20 readers get the old answer at once, one refresh starts.
    clock += 1;
    const stale = await Promise.all(Array.from({ length: 20 }, () => cache.read('u1', l.load, ignore)));
    expect(stale.every((a) => a.email === 'v1@example.com')).toBe(true);
    expect(l.started).toHaveLength(2);
    l.finish(1);
    await Promise.resolve();
    await Promise.resolve();
    expect((await cache.read('u1', l.load, ignore)).email).toBe('v2@example.com');

    // Past ttl + bound nothing old is served: the reader waits for a load.
    clock += 3000;
    const late = cache.read('u1', l.load, ignore);
    expect(l.started).toHaveLength(3);
    l.finish(2);
    expect((await late).email).toBe('v3@example.com');
  });

  test('a write (invalidate) during a load: later readers do not join it and its answer is not kept', async () => {
    const cache = createSyncCache({ ttlMs: 2000, staleMs: 1000, now });
    const l = loads();
    const before = cache.read('u1', l.load, ignore);
    cache.invalidate('u1');
    const after = cache.read('u1', l.load, ignore);
    expect(l.started).toHaveLength(2);
    l.finish(0);
    l.finish(1);
    expect((await before).email).toBe('v1@example.com');
    expect((await after).email).toBe('v2@example.com');
    expect((await cache.read('u1', l.load, ignore)).email).toBe('v2@example.com');
    expect(l.started).toHaveLength(2);
  });

  test('degraded answers are not kept; a failed background refresh is reported and the next reader retries', async () => {
    const cache = createSyncCache({ ttlMs: 2000, staleMs: 1000, now });
    const l = loads();
    const degraded = cache.read('u1', l.load, ignore);
    l.finish(0, { user: { ...user(1), degraded: ['companyPermissions'] }, cacheable: false });
    expect((await degraded).degraded).toEqual(['companyPermissions']);
    const next = cache.read('u1', l.load, ignore);
    expect(l.started).toHaveLength(2);
    l.finish(1);
    await next;

    const errors: unknown[] = [];
    clock += 2500;
    const failing = () => Promise.reject(new Error('peer down'));
    expect((await cache.read('u1', failing, (e) => errors.push(e))).email).toBe('v2@example.com');
    await Promise.resolve();
    await Promise.resolve();
    expect(errors).toEqual([new Error('peer down')]);
  });

  test('remembers the last complete company permissions per user', () => {
    const cache = createSyncCache({ ttlMs: 0, staleMs: 0, now });
    expect(cache.lastKnownPermissions('u1')).toBeUndefined();
    cache.rememberPermissions('u1', [{ id: 'c1', name: 'Acme', role: 'owner' }]);
    expect(cache.lastKnownPermissions('u1')).toEqual([{ id: 'c1', name: 'Acme', role: 'owner' }]);
  });
});
