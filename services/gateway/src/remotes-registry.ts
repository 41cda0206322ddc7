import { readFileSync } from 'node:fs';

export const REMOTE_APPS = [
  { name: 'mfe_marketing', folder: 'mfe-marketing' },
  { name: 'mfe_auth', folder: 'mfe-auth' },
  { name: 'mfe_company', folder: 'mfe-company' },
  { name: 'mfe_admin', folder: 'mfe-admin' },
] as const;

export interface RemoteEntry {
  name: string;
  entry: string;
}

/**
 * The registry the shell reads at runtime. Defaults point at the remotes the
 * gateway serves itself; a REMOTES_FILE (`{ "mfe_auth": "https://…/mf-manifest.json" }`)
 * moves any of them elsewhere. The file is read on every request — it is tiny —
 * so a redeployed or relocated remote is picked up without restarting anything.
 */
export function readRemotes(remotesFile: string | undefined): RemoteEntry[] {
  let overrides: Record<string, string> = {};
  if (remotesFile) {
    try {
      overrides = JSON.parse(readFileSync(remotesFile, 'utf8')) as Record<string, string>;
    } catch {
      overrides = {};
    }
  }
  return REMOTE_APPS.map(({ name, folder }) => ({
    name,
    entry: typeof overrides[name] === 'string' ? overrides[name] : `/remotes/${folder}/mf-manifest.json`,
  }));
}

/** Origins of remotes served from elsewhere: they must be allowed to run scripts. */
export function remoteOrigins(remotes: RemoteEntry[]): string[] {
  const origins = new Set<string>();
  for (const remote of remotes) {
    if (/^https?:\/\//.test(remote.entry)) origins.add(new URL(remote.entry).origin);
  }
  return [...origins];
}
