import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const ATTEMPTS = 2;
const DELAY_MS = 250;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Shell runtime plugin: manifests are fetched uncached and retried once on a network error or
 * 5xx (a small retry plugin), and a failed remote load is reported to `onRemoteError` before
 * the error reaches the route's error boundary.
 */
export function shellRuntimePlugin(
  onRemoteError: (remoteName: string, error: unknown) => void,
): ModuleFederationRuntimePlugin {
  return {
    name: 'tracemap-shell-plugin',
    async fetch(url, init) {
      let lastError: unknown;
      for (let i = 0; i < ATTEMPTS; i++) {
        try {
          const res = await fetch(url, { ...init, cache: 'no-store' });
          if (res.status < 500 || i === ATTEMPTS - 1) return res;
        } catch (err) {
          lastError = err;
          if (init?.signal?.aborted) throw err;
        }
        await wait(DELAY_MS);
      }
      throw lastError instanceof Error ? lastError : new Error(`Could not fetch ${url}`);
    },
    async errorLoadRemote(args) {
      const name = args.remote?.name ?? String(args.id).split('/')[0];
      onRemoteError(name, args.error);
      // Returning nothing lets the error reach the caller (RemoteRoute shows its fallback).
      return undefined;
    },
  };
}
