import type { SyncSetStarted } from '@tracemap/contracts';
import type { CompanyActor } from '../../core/company-access';
import { tenantTransaction } from '../../core/tenant';
import type { IntegrationsDeps } from '../../deps';
import { DESTINATION_ROUTE_ERRORS } from '../manage/destination-errors';
import { countSetRuns, insertSyncSet, openRunsOf } from './sync-set-repository';

/**
 * Queues one push of the plan to several destinations together: they all get the same plan
 * version, and the company's lastSync moves only once every one of them succeeded. Asking again
 * for the same destinations while that set is open answers it (a double click pushes once); a
 * destination already being pushed in another set is refused, and nothing is queued.
 */
export async function startSyncSet(
  deps: Pick<IntegrationsDeps, 'db'> & { sync?: { wake(): void } },
  actor: CompanyActor,
  destinationIds: string[],
): Promise<SyncSetStarted> {
  const started = await tenantTransaction(deps.db, actor.companyId, async (client) => {
    // Locked in one order, so two asks sharing destinations wait for each other instead of deadlocking.
    const { rows: found } = await client.query<{ id: string; name: string }>(
      `SELECT id, name FROM integrations.destinations WHERE company_id = $1 AND id = ANY($2::uuid[])
        ORDER BY id FOR UPDATE`,
      [actor.companyId, destinationIds],
    );
    if (found.length !== destinationIds.length) throw DESTINATION_ROUTE_ERRORS.notFound();
    const open = await openRunsOf(client, actor.companyId, destinationIds);
    if (open.length === 0) return insertSyncSet(client, actor.companyId, actor.userId, destinationIds);
    const sets = new Set(open.map((run) => run.set_id));
    const [setId] = sets;
    if (
      open.length === destinationIds.length &&
      sets.size === 1 &&
      (await countSetRuns(client, setId)) === open.length
    ) {
      const runOf = new Map(open.map((run) => [run.destination_id, run.id]));
      return { setId, runIds: destinationIds.map((id) => runOf.get(id)!) };
    }
    const busy = new Set(open.map((run) => run.destination_id));
    throw DESTINATION_ROUTE_ERRORS.syncBusy(found.filter((d) => busy.has(d.id)).map((d) => d.name));
  });
  deps.sync?.wake();
  return started;
}
