import { registerPlugins, registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteEntry } from '@tracemap/contracts';
import { updateRegistryRoutes } from '../routes/registry-routes';
import { shellRuntimePlugin } from './runtime-plugin';

const registered = new Map<string, string>(); // remote name -> entry URL registered with the runtime
const failed = new Set<string>();
const components = new Map<string, { entry: string; promise: Promise<ComponentType>; value?: ComponentType }>();
let inflight: Promise<Map<string, string>> | null = null;
let lastRead: { at: number; map: Map<string, string> } | null = null;
let pluginsReady = false;

function absolute(entry: string): string {
  return new URL(entry, window.location.origin).href;
}

function markFailed(name: string): void {
  failed.add(name);
  for (const key of [...components.keys()]) if (key.startsWith(`${name}/`)) components.delete(key);
}

function ensurePlugins(): void {
  if (pluginsReady) return;
  pluginsReady = true;
  registerPlugins([
    shellRuntimePlugin((name, error) => {
      markFailed(name);
      console.warn(`[shell] remote ${name} failed to load`, error);
    }),
  ]);
}

/** Fetches `/remotes.json` (never cached); concurrent callers share one request. */
export function fetchRegistry(): Promise<Map<string, string>> {
  if (!inflight) {
    inflight = fetch('/remotes.json', { cache: 'no-store', headers: { accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`/remotes.json answered ${res.status}`);
        const body = (await res.json()) as { remotes?: RemoteEntry[]; routes?: unknown };
        const map = new Map<string, string>();
        for (const r of body.remotes ?? [])
          if (r && typeof r.name === 'string' && typeof r.entry === 'string') map.set(r.name, absolute(r.entry));
        updateRegistryRoutes(body.routes);
        lastRead = { at: Date.now(), map };
        return map;
      })
      .catch((error: unknown) => {
        updateRegistryRoutes(null);
        throw error;
      })
      .finally(() => {
        inflight = null;
      });
  }
  return inflight;
}

/** Registers (or re-registers, when its entry moved or it failed before) one remote. */
function register(name: string, entry: string): void {
  const previous = registered.get(name);
  if (previous === entry && !failed.has(name)) return;
  registerRemotes([{ name, entry }], { force: previous !== undefined });
  registered.set(name, entry);
  failed.delete(name);
}

/** Boot: register every remote from the registry so the first route can load at once. */
export function initRemotes(): Promise<void> {
  ensurePlugins();
  return fetchRegistry()
    .then((map) => map.forEach((entry, name) => register(name, entry)))
    .catch((err: unknown) => console.warn('[shell] could not read /remotes.json', err));
}

/**
 * Hands over a remote module's component without loading it: a build that renders pages to HTML
 * imports the remote's code directly, and the page then renders exactly as it will in the browser.
 */
export function provideRemoteComponent(name: string, module: string, component: ComponentType): void {
  components.set(`${name}/${module}`, { entry: '', promise: Promise.resolve(component), value: component });
}

/** The component last loaded for this remote module, if any (renders instantly on revisit). */
export function peekRemoteComponent(name: string, module: string): ComponentType | undefined {
  return components.get(`${name}/${module}`)?.value;
}

/**
 * Re-reads the registry (or reuses a read younger than `maxAgeMs`), re-registers the remote if its
 * entry changed (a new release, a rollback) or it failed before, and loads `module` (e.g.
 * './routes'); the default export is the component, the same one while the entry stays the same.
 */
export async function loadRemoteComponent(name: string, module: string, maxAgeMs = 0): Promise<ComponentType> {
  ensurePlugins();
  const map = lastRead && maxAgeMs > 0 && Date.now() - lastRead.at < maxAgeMs ? lastRead.map : await fetchRegistry();
  const entry = map.get(name);
  if (!entry) throw new Error(`${name} is not listed in /remotes.json`);
  register(name, entry);
  const key = `${name}/${module}`;
  const cached = components.get(key);
  if (cached && cached.entry === entry) return cached.promise;
  const record: { entry: string; promise: Promise<ComponentType>; value?: ComponentType } = {
    entry,
    promise: loadRemote<{ default: ComponentType }>(`${name}/${module.replace(/^\.\//, '')}`).then((mod) => {
      if (!mod || typeof mod.default !== 'function') throw new Error(`${name}/${module} has no default component`);
      record.value = mod.default;
      return mod.default;
    }),
  };
  components.set(key, record);
  record.promise.catch(() => markFailed(name));
  return record.promise;
}

/** Forget a remote's loaded modules so the next load starts over (Retry button). */
export function resetRemote(name: string): void {
  markFailed(name);
}
