import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  copyRelease,
  ReleaseCommandError,
  recordShell,
  releaseRemote,
  remoteOf,
  rollbackRemote,
  type ReleaseTarget,
} from './release-remote';
import { REPO_ROOT } from '../stack';

const USAGE = `Usage: npm run release:remote -- <remote folder> [--copy-only] [--dist <folder>]
       npm run release:remote -- <remote folder> --rollback [--version <v>]
       npm run release:remote -- shell

  <remote folder>   e.g. mfe-company: copies its build to the releases folder and makes it current
  --copy-only       only copies the build into the releases folder (to upload it before publishing)
  --rollback        points the remote back at its release before (or at --version)
  shell             records what the deployed shell provides (run with every shell deploy)

Settings (environment): TRACEMAP_URL (the gateway, default http://localhost:8080), TRACEMAP_ADMIN_TOKEN
(a product admin's access token), RELEASES_DIR (default ./releases, where the gateway serves /releases/),
RELEASES_BASE_URL (where that folder is reached, default /releases).`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      rollback: { type: 'boolean' },
      version: { type: 'string' },
      dist: { type: 'string' },
      'copy-only': { type: 'boolean' },
    },
  });
  const name = positionals[0];
  const token = process.env.TRACEMAP_ADMIN_TOKEN;
  if (!name || positionals.length > 1 || (!token && !values['copy-only'])) {
    console.error(name && positionals.length === 1 ? `TRACEMAP_ADMIN_TOKEN is not set.\n\n${USAGE}` : USAGE);
    process.exit(2);
  }
  const target: ReleaseTarget = {
    apiUrl: process.env.TRACEMAP_URL ?? 'http://localhost:8080',
    token: token ?? '',
    releasesDir: path.resolve(process.env.RELEASES_DIR ?? path.join(REPO_ROOT, 'releases')),
    releasesBaseUrl: process.env.RELEASES_BASE_URL ?? '/releases',
  };
  if (name === 'shell') {
    const recorded = await recordShell(target, path.join(REPO_ROOT, 'shell'));
    console.log('Recorded what the shell provides.');
    for (const stale of recorded.incompatible)
      console.warn(`Warning: ${stale.remote} ${stale.version}: ${stale.message}`);
    return;
  }
  const folder = remoteOf(name).folder;
  if (values.rollback) {
    const state = await rollbackRemote(target, folder, values.version);
    console.log(`${folder} now loads ${state.current ? state.current.version : 'its base build'}.`);
    return;
  }
  const appDir = path.join(REPO_ROOT, folder);
  if (values['copy-only']) {
    const copied = copyRelease(
      appDir,
      values.dist ? path.resolve(values.dist) : path.join(appDir, 'dist'),
      target.releasesDir,
    );
    console.log(`${folder} ${copied.release.version} copied to ${copied.dir}`);
    return;
  }
  const release = await releaseRemote(target, appDir, values.dist ? path.resolve(values.dist) : undefined);
  console.log(`${folder} ${release.version} released: ${release.entry}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ReleaseCommandError ? error.message : error);
  process.exit(1);
});
