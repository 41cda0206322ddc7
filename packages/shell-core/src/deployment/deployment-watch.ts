/**
 * Deployment detection: the builds-latest manifest is polled with a
 * cache-busting query; when a chunk fails to load and a newer build is out,
 * the page reloads to the route the user was going to — at most once per
 * reload-guard lifetime (10 seconds), so a broken deploy cannot
 * make the page loop.
 */
export const RELOAD_GUARD_MS = 10_000;
const GUARD_KEY = 'tracemap:deployment-reload-at';

export interface DeploymentWatchDeps {
  fetchFn: (url: string, init?: RequestInit) => Promise<Response>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: (path: string) => void;
  now: () => number;
}

const browserDeps = (): DeploymentWatchDeps => ({
  fetchFn: (url, init) => fetch(url, init),
  storage: window.sessionStorage,
  reload: (path) => window.location.assign(path),
  now: () => Date.now(),
});

export function createDeploymentWatch(deps: DeploymentWatchDeps = browserDeps()) {
  let runningBuild: string | null = null;
  let newBuildSeen = false;

  async function latestBuild(): Promise<string | null> {
    try {
      const response = await deps.fetchFn(`/builds-latest.json?t=${deps.now()}`, { cache: 'no-store' });
      if (!response.ok) return null;
      const body = (await response.json()) as { shell?: unknown };
      return typeof body.shell === 'string' ? body.shell : null;
    } catch {
      return null;
    }
  }

  /** Reads the build the page runs and the newest one; true when they differ. */
  async function check(): Promise<boolean> {
    const latest = await latestBuild();
    if (latest && !runningBuild) runningBuild = latest;
    if (latest && runningBuild && latest !== runningBuild) newBuildSeen = true;
    return newBuildSeen;
  }

  /** After a chunk failed to load: reload to `targetPath` if a new build is out and the guard allows. */
  async function recoverFromChunkError(targetPath: string): Promise<boolean> {
    if (!(await check())) return false;
    const last = Number(deps.storage.getItem(GUARD_KEY) ?? 0);
    if (deps.now() - last < RELOAD_GUARD_MS) return false;
    deps.storage.setItem(GUARD_KEY, String(deps.now()));
    deps.reload(targetPath);
    return true;
  }

  return { check, recoverFromChunkError, hasNewBuild: () => newBuildSeen };
}

export type DeploymentWatch = ReturnType<typeof createDeploymentWatch>;

let shared: DeploymentWatch | null = null;

/** The page's one watch: reads the running build now and polls every `intervalMs`. */
export function startDeploymentWatch(intervalMs = 5 * 60_000): DeploymentWatch {
  if (shared) return shared;
  const watch = createDeploymentWatch();
  shared = watch;
  void watch.check();
  setInterval(() => void watch.check(), intervalMs);
  const isChunkError = (reason: unknown) =>
    /ChunkLoadError|Loading chunk|Failed to fetch dynamically imported module|RUNTIME-008/i.test(
      String((reason as Error)?.name) + String((reason as Error)?.message ?? reason),
    );
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkError(event.reason)) void watch.recoverFromChunkError(window.location.pathname + window.location.search);
  });
  return watch;
}

/** For the shell's error boundaries: a failed chunk may mean the app was redeployed under us. */
export function recoverFromChunkError(targetPath: string): Promise<boolean> {
  return shared ? shared.recoverFromChunkError(targetPath) : Promise.resolve(false);
}
