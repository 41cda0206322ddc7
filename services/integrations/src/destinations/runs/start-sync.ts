import type { SyncStarted } from '@tracemap/contracts';
import type { CompanyActor } from '../../core/company-access';
import { tenantTransaction } from '../../core/tenant';
import type { IntegrationsDeps } from '../../deps';
import { requireDestination } from '../manage/destination-repository';
import { insertSyncSet, openRunsOf } from './sync-set-repository';

/**
 * Queues a push of the plan to one destination (a set of one) for the worker. While one of its
 * runs is queued or running, asking again answers that run, whatever set it belongs to (a
 * double click pushes once).
 */
export async function startSync(
  deps: Pick<IntegrationsDeps, 'db'> & { sync?: { wake(): void } },
  actor: CompanyActor,
  id: string,
): Promise<SyncStarted> {
  const started = await tenantTransaction(deps.db, actor.companyId, async (client) => {
    await requireDestination(client, actor.companyId, id, true);
    const [open] = await openRunsOf(client, actor.companyId, [id]);
    if (open) return { runId: open.id, setId: open.set_id };
    const { setId, runIds } = await insertSyncSet(client, actor.companyId, actor.userId, [id]);
    return { runId: runIds[0], setId };
  });
  deps.sync?.wake();
  return started;
}
