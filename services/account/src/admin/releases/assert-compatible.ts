import { MICRO_FRONTENDS, describeMismatches, releaseMismatches, type SharedVersions } from '@tracemap/contracts';
import type { Queryable } from '@tracemap/service-kit';
import { releaseError } from './release-errors';
import { findShellContract } from './releases-repository';

const KNOWN_REMOTES = new Set<string>(MICRO_FRONTENDS.map((app) => app.name));

/** Only the micro-frontends the shell knows can be released (their pages are the manifest's). */
export function assertKnownRemote(remote: string): void {
  if (!KNOWN_REMOTES.has(remote)) {
    throw releaseError(
      'unknown_remote',
      `${remote} is not a micro-frontend of the product (known: ${[...KNOWN_REMOTES].join(', ')}).`,
    );
  }
}

/**
 * Refuses a build whose expected shared versions the deployed shell does not provide, naming each
 * mismatched package; refuses too while no shell has said what it provides.
 */
export async function assertCompatible(db: Queryable, remote: string, expects: SharedVersions): Promise<void> {
  const shell = await findShellContract(db);
  if (!shell) {
    throw releaseError(
      'shell_contract_unknown',
      'What the deployed shell provides is not recorded yet, so no remote can be checked against it. Record it first: npm run release:remote -- shell.',
    );
  }
  const mismatches = releaseMismatches(shell.provides, expects);
  if (mismatches.length > 0) throw releaseError('release_incompatible', describeMismatches(remote, mismatches));
}
