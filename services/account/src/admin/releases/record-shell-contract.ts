import { withTransaction } from '@tracemap/service-kit';
import {
  describeMismatches,
  releaseMismatches,
  type RecordShellResult,
  type SharedVersions,
} from '@tracemap/contracts';
import { insertAudit } from '../audit/audit-repository';
import type { AdminContext } from '../admin-context';
import { currentReleases, saveShellContract } from './releases-repository';

/**
 * Records what the deployed shell provides (done with each shell deploy); later releases are
 * checked against it. The shell is already out when this runs, so it is recorded either way; the
 * answer names each current release it no longer fits, for its team to rebuild or roll back.
 */
export async function recordShellContract(ctx: AdminContext, provides: SharedVersions): Promise<RecordShellResult> {
  return withTransaction(ctx.deps.pool, async (client) => {
    const shell = await saveShellContract(client, provides, ctx.actor.email);
    const incompatible = [...(await currentReleases(client)).values()]
      .map((release) => ({ release, mismatches: releaseMismatches(provides, release.expects) }))
      .filter(({ mismatches }) => mismatches.length > 0)
      .sort((a, b) => a.release.remote.localeCompare(b.release.remote))
      .map(({ release, mismatches }) => ({
        remote: release.remote,
        version: release.version,
        message: describeMismatches(release.remote, mismatches),
      }));
    await insertAudit(client, {
      actor: ctx.actor,
      action: 'release.shell_recorded',
      targetType: 'shell',
      details: { provides, incompatible: incompatible.map((r) => r.remote) },
    });
    return { shell, incompatible };
  });
}
