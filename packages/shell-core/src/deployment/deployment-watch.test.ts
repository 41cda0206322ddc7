import { createDeploymentWatch, RELOAD_GUARD_MS, type DeploymentWatchDeps } from './deployment-watch';

function harness(builds: Array<string | null>) {
  let clock = 1_000_000;
  const requested: string[] = [];
  const reloads: string[] = [];
  const store = new Map<string, string>();
  const deps: DeploymentWatchDeps = {
    fetchFn: async (url) => {
      requested.push(url);
      const shell = builds.length > 1 ? builds.shift() : builds[0];
      return new Response(JSON.stringify({ shell }), { status: shell === null ? 503 : 200 });
    },
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    reload: (path) => void reloads.push(path),
    now: () => clock,
  };
  return { watch: createDeploymentWatch(deps), requested, reloads, advance: (ms: number) => (clock += ms) };
}

test('the manifest is polled with a cache-busting query', async () => {
  const h = harness(['a']);
  await h.watch.check();
  h.advance(5);
  await h.watch.check();
  expect(h.requested).toEqual(['/builds-latest.json?t=1000000', '/builds-latest.json?t=1000005']);
});

test('a chunk failure reloads to the target route only when a new build is out', async () => {
  const same = harness(['a']);
  await same.watch.check();
  expect(await same.watch.recoverFromChunkError('/company/x')).toBe(false);
  expect(same.reloads).toEqual([]);

  const redeployed = harness(['a', 'b']);
  await redeployed.watch.check();
  expect(await redeployed.watch.recoverFromChunkError('/company/x?tab=users')).toBe(true);
  expect(redeployed.reloads).toEqual(['/company/x?tab=users']);
});

test('the reload guard allows one reload per guard lifetime', async () => {
  const h = harness(['a', 'b']);
  await h.watch.check();
  expect(await h.watch.recoverFromChunkError('/one')).toBe(true);
  h.advance(RELOAD_GUARD_MS - 1);
  expect(await h.watch.recoverFromChunkError('/two')).toBe(false);
  h.advance(2);
  expect(await h.watch.recoverFromChunkError('/three')).toBe(true);
  expect(h.reloads).toEqual(['/one', '/three']);
});

test('an unreadable manifest never triggers a reload', async () => {
  const h = harness([null]);
  expect(await h.watch.check()).toBe(false);
  expect(await h.watch.recoverFromChunkError('/x')).toBe(false);
  expect(h.reloads).toEqual([]);
});
