import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  MICRO_FRONTENDS,
  RecordShellResponse,
  RemoteReleaseStateSchema,
  sharedContractOf,
  type PublishReleaseInput,
  type SharedVersions,
} from '@tracemap/contracts';
import { AppError, createInternalClient } from '@tracemap/service-kit';

/** Where releases are published and how the admin API is reached. */
export interface ReleaseTarget {
  /** The gateway's public address (the admin API is under /api/account/admin). */
  apiUrl: string;
  /** A product admin's access token. */
  token: string;
  /** Folder the releases are copied into (what the gateway or a CDN serves). */
  releasesDir: string;
  /** Where that folder is reached from the browser: `/releases` on the gateway, or a CDN's address. */
  releasesBaseUrl: string;
}

/** What a release folder's `release.json` says: the build and the shell contract it was built for. */
export interface ReleaseFile {
  remote: string;
  version: string;
  /** The range each shared singleton must fall in (checked against the shell before release). */
  expects: SharedVersions;
  /** The versions it was built with. */
  builtWith: SharedVersions;
}

export class ReleaseCommandError extends Error {}

function filesOf(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const relative = path.posix.join(prefix, entry.name);
      return entry.isDirectory() ? filesOf(dir, relative) : [relative];
    });
}

/** The build's contents, hashed: the same build always gets the same version, any change a new one. */
export function contentHash(dist: string): string {
  const hash = createHash('sha256');
  for (const file of filesOf(dist)) {
    if (file === 'release.json') continue;
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(dist, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

function readJson<T>(file: string): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    throw new ReleaseCommandError(`${file} is missing or not JSON: build the app first (npm run build).`);
  }
}

/** The remote of a folder (`mfe-company`) or federation name (`mfe_company`). */
export function remoteOf(name: string) {
  const remote = MICRO_FRONTENDS.find((app) => app.folder === name || app.name === name);
  if (!remote) {
    throw new ReleaseCommandError(
      `${name} is not a micro-frontend (one of ${MICRO_FRONTENDS.map((a) => a.folder).join(', ')}).`,
    );
  }
  return remote;
}

/** The release of a built remote: its version (package version + content hash) and its contract. */
export function describeBuild(appDir: string, dist = path.join(appDir, 'dist')): ReleaseFile {
  const remote = remoteOf(path.basename(appDir));
  const manifest = readJson<{ shared?: Array<{ name: string; version: string; requiredVersion?: string | false }> }>(
    path.join(dist, 'mf-manifest.json'),
  );
  const pkg = readJson<{ version: string }>(path.join(appDir, 'package.json'));
  const { expects, provides } = sharedContractOf(manifest);
  return { remote: remote.name, version: `${pkg.version}-${contentHash(dist)}`, expects, builtWith: provides };
}

/**
 * Copies the build into `<releasesDir>/<folder>/<version>/` with its `release.json`, unless that
 * version is already there (a version names its contents, so the folder never changes once written).
 */
export function copyRelease(appDir: string, dist: string, releasesDir: string): { release: ReleaseFile; dir: string } {
  const release = describeBuild(appDir, dist);
  const dir = path.join(releasesDir, path.basename(appDir), release.version);
  if (!existsSync(path.join(dir, 'release.json'))) {
    cpSync(dist, dir, { recursive: true });
    writeFileSync(path.join(dir, 'release.json'), `${JSON.stringify(release, null, 2)}\n`);
  }
  return { release, dir };
}

/** The admin API as a product admin calls it; answers are checked against its contracts. */
function adminApi(target: ReleaseTarget) {
  const call = createInternalClient({ baseUrl: target.apiUrl, timeoutMs: 30_000 });
  const headers = { authorization: `Bearer ${target.token}` };
  const A = '/api/account/admin/releases';
  const refusedAs = async <T>(request: Promise<T>): Promise<T> => {
    try {
      return await request;
    } catch (error) {
      if (error instanceof AppError)
        throw new ReleaseCommandError(`${error.statusCode} ${error.code}: ${error.message}`);
      throw error;
    }
  };
  return {
    publish: (body: PublishReleaseInput) =>
      refusedAs(call(A, { method: 'POST', body, headers, answer: RemoteReleaseStateSchema })),
    rollback: (remote: string, version?: string) =>
      refusedAs(
        call(`${A}/${remote}/rollback`, {
          method: 'POST',
          body: version ? { version } : {},
          headers,
          answer: RemoteReleaseStateSchema,
        }),
      ),
    recordShell: (provides: SharedVersions) =>
      refusedAs(call(`${A}/shell`, { method: 'PUT', body: { provides }, headers, answer: RecordShellResponse })),
  };
}

/** A release whose manifest browsers cannot fetch would break its pages: refused before it is published. */
async function assertReachable(manifestUrl: URL): Promise<void> {
  const answer = await fetch(manifestUrl, { signal: AbortSignal.timeout(30_000) }).then(
    (res) => (res.ok ? null : `it answers ${res.status}`),
    (error: unknown) => String(error),
  );
  if (answer) {
    throw new ReleaseCommandError(
      `The release's manifest is not reachable at ${manifestUrl.href} (${answer}): upload the release folder there first.`,
    );
  }
}

/** Copies a built remote to the releases folder and makes it the one the shell loads. */
export async function releaseRemote(target: ReleaseTarget, appDir: string, dist = path.join(appDir, 'dist')) {
  const { release } = copyRelease(appDir, dist, target.releasesDir);
  const entry = `${target.releasesBaseUrl.replace(/\/$/, '')}/${path.basename(appDir)}/${release.version}/mf-manifest.json`;
  await assertReachable(new URL(entry, target.apiUrl));
  await adminApi(target).publish({ remote: release.remote, version: release.version, entry, expects: release.expects });
  return { ...release, entry };
}

/** Points a remote back at its release before (or at `version`). */
export async function rollbackRemote(target: ReleaseTarget, name: string, version?: string) {
  const remote = remoteOf(name);
  return adminApi(target).rollback(remote.name, version);
}

/** Records what the built shell provides: the versions later releases are checked against. */
export async function recordShell(target: ReleaseTarget, shellDir: string) {
  const manifest = readJson<{ shared?: Array<{ name: string; version: string }> }>(
    path.join(shellDir, 'dist', 'mf-manifest.json'),
  );
  return adminApi(target).recordShell(sharedContractOf(manifest).provides);
}
