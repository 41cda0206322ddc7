import { withTransaction } from '@tracemap/service-kit';
import type { RemoteReleaseState } from '@tracemap/contracts';
import { insertAudit } from '../audit/audit-repository';
import type { AdminContext } from '../admin-context';
import { assertCompatible, assertKnownRemote } from './assert-compatible';
import { releaseStateOf } from './list-releases';
import { releaseError } from './release-errors';
import { currentReleases, findRelease, lockRemote, releaseBefore, setCurrent } from './releases-repository';

/**
 * Points a remote back: at the named version, or else at the release published before the current
 * one — and past the first release, at its base build (the gateway's own, or where its remotes file moves it). A release going
 * current again is checked against the deployed shell like a new one (the shell may have moved on).
 */
export async function rollbackRelease(
  ctx: AdminContext,
  remote: string,
  version: string | undefined,
): Promise<RemoteReleaseState> {
  assertKnownRemote(remote);
  return withTransaction(ctx.deps.pool, async (client) => {
    await lockRemote(client, remote);
    const current = (await currentReleases(client)).get(remote) ?? null;
    let target;
    if (version !== undefined) {
      target = await findRelease(client, remote, version);
      if (!target) throw releaseError('release_not_found', `${remote} has no release ${version}.`);
    } else {
      if (!current) {
        throw releaseError(
          'nothing_to_roll_back',
          `${remote} already loads its base build; there is nothing to roll back.`,
        );
      }
      target = await releaseBefore(client, remote, current.id);
    }
    if (target) await assertCompatible(client, remote, target.expects);
    await setCurrent(client, remote, target?.id ?? null);
    await insertAudit(client, {
      actor: ctx.actor,
      action: 'release.rolled_back',
      targetType: 'remote',
      targetId: remote,
      details: { from: current?.version ?? null, to: target?.version ?? null },
    });
    return releaseStateOf(client, remote);
  });
}
