import { readFileSync } from 'node:fs';
import {
  MANIFEST_ROUTES,
  MICRO_FRONTENDS,
  matchesPagePattern,
  parseAddedRemote,
  routesOf,
  type RemoteEntry,
  type RemoteRoutes,
  type RemotesRegistry,
} from '@tracemap/contracts';

export type { RemoteEntry };

/** The remotes of the manifest, which the gateway serves itself under /remotes/<folder>/. */
export const REMOTE_APPS: ReadonlyArray<{ name: string; folder: string }> = MICRO_FRONTENDS.map(({ name, folder }) => ({
  name,
  folder,
}));

const KNOWN = new Set<string>(REMOTE_APPS.map((app) => app.name));

function readRemotesFile(remotesFile: string | undefined): Record<string, unknown> {
  if (!remotesFile) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(remotesFile, 'utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? { ...parsed } : {};
  } catch {
    return {};
  }
}

/**
 * The registry the shell reads at runtime. Each remote's base build is the one the gateway serves
 * itself, unless a REMOTES_FILE moves it elsewhere (`{ "mfe_auth": "https://…/mf-manifest.json" }`,
 * e.g. the web image's files on a CDN); a current release of the remote (`released`, from the
 * account service) takes precedence over either, and a rollback past the first release goes back
 * to the base. The file may also add a remote the manifest does not list (`{ "mfe_x": { "entry":
 * "…", "exposes": [ … ] } }`, the manifest's own fields), whose pages then exist for the gateway
 * and the shell alike. The file is read on every request — it is tiny — so a redeployed, relocated
 * or added remote is picked up without restarting or rebuilding anything. Entries that are not
 * well formed are left out.
 */
export function readRegistry(remotesFile: string | undefined, released: Record<string, string> = {}): RemotesRegistry {
  const overrides = readRemotesFile(remotesFile);
  const remotes: RemoteEntry[] = REMOTE_APPS.map(({ name, folder }) => {
    const moved = overrides[name];
    const base = typeof moved === 'string' ? moved : `/remotes/${folder}/mf-manifest.json`;
    return { name, entry: released[name] ?? base };
  });
  const routes: RemoteRoutes[] = [...MANIFEST_ROUTES];
  for (const [name, value] of Object.entries(overrides)) {
    if (KNOWN.has(name)) continue;
    const added = parseAddedRemote(name, value);
    if (!added) continue;
    remotes.push({ name, entry: added.entry });
    routes.push(...routesOf(name, added.exposes));
  }
  return { remotes, routes };
}

export function readRemotes(remotesFile: string | undefined, released: Record<string, string> = {}): RemoteEntry[] {
  return readRegistry(remotesFile, released).remotes;
}

/** Whether a path is one of the registry's pages (the manifest's, or those of an added remote). */
export function isRegistryPage(registry: RemotesRegistry, pathname: string): boolean {
  return registry.routes.some((route) => route.pages.some((pattern) => matchesPagePattern(pattern, pathname)));
}

/** Origins of remotes served from elsewhere: they must be allowed to run scripts. */
export function remoteOrigins(remotes: RemoteEntry[]): string[] {
  const origins = new Set<string>();
  for (const remote of remotes) {
    if (/^https?:\/\//.test(remote.entry)) origins.add(new URL(remote.entry).origin);
  }
  return [...origins];
}
