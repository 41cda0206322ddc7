import { randomUUID } from 'node:crypto';
import type { SyncStarted } from '@tracemap/contracts';
import type { CompanyActor } from '../../core/company-access';
import { tenantTransaction } from '../../core/tenant';
import type { IntegrationsDeps } from '../../deps';
import { requireDestination } from '../manage/destination-repository';

/**
 * Queues a push of the plan to the destination for the worker. While one is queued or running,
 * asking again answers that run (a double click pushes once).
 */
export async function startSync(
  deps: Pick<IntegrationsDeps, 'db'> & { sync?: { wake(): void } },
  actor: CompanyActor,
  id: string,
): Promise<SyncStarted> {
  const runId = await tenantTransaction(deps.db, actor.companyId, async (client) => {
    await requireDestination(client, actor.companyId, id, true);
    const { rows: open } = await client.query<{ id: string }>(
      `SELECT id FROM integrations.destination_runs
        WHERE company_id = $1 AND destination_id = $2 AND status IN ('queued', 'running')`,
      [actor.companyId, id],
    );
    if (open[0]) return open[0].id;
    const created = randomUUID();
    await client.query(
      `INSERT INTO integrations.destination_runs (id, company_id, destination_id, requested_by) VALUES ($1, $2, $3, $4)`,
      [created, actor.companyId, id, actor.userId],
    );
    return created;
  });
  deps.sync?.wake();
  return { runId };
}
