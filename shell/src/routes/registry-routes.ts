import { useSyncExternalStore } from 'react';
import { MANIFEST_ROUTES, type RemoteRoutes } from '@tracemap/contracts';

export interface ShellRoutes {
  /** The manifest's routes, then those of remotes the registry adds. */
  routes: readonly RemoteRoutes[];
  /** Whether the registry has answered (or failed) once: only then is an unowned path a 404. */
  settled: boolean;
}

const BUILT_IN = new Set(MANIFEST_ROUTES.map((route) => route.remote));
const SERVER_STATE: ShellRoutes = { routes: MANIFEST_ROUTES, settled: false };
let state: ShellRoutes = SERVER_STATE;
const listeners = new Set<() => void>();

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function isRemoteRoutes(value: unknown): value is RemoteRoutes {
  if (!value || typeof value !== 'object') return false;
  const route = value as Record<string, unknown>;
  return (
    typeof route.remote === 'string' &&
    typeof route.module === 'string' &&
    typeof route.label === 'string' &&
    isStrings(route.pages) &&
    (route.base === undefined || typeof route.base === 'string') &&
    (route.prefixes === undefined || isStrings(route.prefixes))
  );
}

/**
 * Takes the routes `/remotes.json` lists (null when it could not be read). Built-in remotes keep
 * the routes this build was made with; a remote the build does not know brings its own, so it is
 * reachable without rebuilding the shell.
 */
export function updateRegistryRoutes(listed: unknown): void {
  const added = Array.isArray(listed)
    ? listed.filter(isRemoteRoutes).filter((route) => !BUILT_IN.has(route.remote))
    : null;
  const routes = added ? [...MANIFEST_ROUTES, ...added] : state.routes;
  if (state.settled && JSON.stringify(routes) === JSON.stringify(state.routes)) return;
  state = { routes, settled: true };
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useShellRoutes(): ShellRoutes {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER_STATE,
  );
}
