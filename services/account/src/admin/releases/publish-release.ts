import { withTransaction } from '@tracemap/service-kit';
import type { PublishReleaseInput, RemoteReleaseState } from '@tracemap/contracts';
import { insertAudit } from '../audit/audit-repository';
import type { AdminContext } from '../admin-context';
import { assertCompatible, assertKnownRemote } from './assert-compatible';
import { releaseStateOf } from './list-releases';
import { releaseError } from './release-errors';
import { findRelease, insertRelease, lockRemote, setCurrent } from './releases-repository';

const sameExpects = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Makes a build of a remote the one the shell loads, after checking it against what the deployed
 * shell provides. Publishing a version again (same entry, same expectations) makes it current
 * again; the same version with other contents is refused: a version names one build.
 */
export async function publishRelease(ctx: AdminContext, input: PublishReleaseInput): Promise<RemoteReleaseState> {
  assertKnownRemote(input.remote);
  return withTransaction(ctx.deps.pool, async (client) => {
    await lockRemote(client, input.remote);
    await assertCompatible(client, input.remote, input.expects);
    const existing = await findRelease(client, input.remote, input.version);
    if (existing && (existing.entry !== input.entry || !sameExpects(existing.expects, input.expects))) {
      throw releaseError(
        'release_version_taken',
        `${input.remote} ${input.version} was already released from ${existing.entry}; a new build needs a new version.`,
      );
    }
    const release =
      existing ??
      (await insertRelease(client, {
        remote: input.remote,
        version: input.version,
        entry: input.entry,
        expects: input.expects,
        releasedBy: ctx.actor.email,
      }));
    await setCurrent(client, input.remote, release.id);
    await insertAudit(client, {
      actor: ctx.actor,
      action: 'release.published',
      targetType: 'remote',
      targetId: input.remote,
      details: { version: release.version, entry: release.entry, again: existing !== null },
    });
    return releaseStateOf(client, input.remote);
  });
}
