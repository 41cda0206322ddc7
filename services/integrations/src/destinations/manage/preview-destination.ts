import type { DestinationPreviewAnswer } from '@tracemap/contracts';
import { previewPush } from '@tracemap/destinations';
import type { CompanyActor } from '../../core/company-access';
import type { IntegrationsDeps } from '../../deps';
import { readTarget } from './destination-target';
import { loadTarget } from './load-target';

/** What a push would do now: the plan diffed against what the destination holds, with its warnings. */
export async function previewDestination(
  deps: Pick<IntegrationsDeps, 'db' | 'secrets' | 'config' | 'peers'>,
  actor: CompanyActor,
  id: string,
  requestId?: string,
): Promise<DestinationPreviewAnswer> {
  const target = await loadTarget(deps, actor, id);
  const snapshot = await deps.peers.planSnapshot(actor.companyId, requestId);
  const remote = await readTarget(deps.config, target);
  const preview = previewPush(snapshot, target.settings, remote);
  const counts = { create: 0, update: 0, delete: 0 };
  for (const operation of preview.operations) counts[operation.action] += 1;
  return { ...preview, planVersion: snapshot.version, counts };
}
