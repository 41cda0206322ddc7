import type { CompanyActor } from '../../core/company-access';
import { tenantTransaction } from '../../core/tenant';
import type { IntegrationsDeps } from '../../deps';
import { settleOrphanedSets } from '../runs/sync-set-repository';
import { DESTINATION_ROUTE_ERRORS } from './destination-errors';

/**
 * Forgets the destination, its sealed credentials and its runs; what it holds remotely stays. A
 * set whose only open run was this destination's is finished here, since no run will finish it.
 */
export async function deleteDestination(deps: Pick<IntegrationsDeps, 'db'>, actor: CompanyActor, id: string) {
  const { rowCount } = await tenantTransaction(deps.db, actor.companyId, async (client) => {
    const deleted = await client.query(`DELETE FROM integrations.destinations WHERE company_id = $1 AND id = $2`, [
      actor.companyId,
      id,
    ]);
    if (deleted.rowCount) await settleOrphanedSets(client, actor.companyId);
    return deleted;
  });
  if (!rowCount) throw DESTINATION_ROUTE_ERRORS.notFound();
}
