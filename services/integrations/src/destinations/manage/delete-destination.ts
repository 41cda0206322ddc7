import type { CompanyActor } from '../../core/company-access';
import { tenantTransaction } from '../../core/tenant';
import type { IntegrationsDeps } from '../../deps';
import { DESTINATION_ROUTE_ERRORS } from './destination-errors';

/** Forgets the destination, its sealed credentials and its runs; what it holds remotely stays. */
export async function deleteDestination(deps: Pick<IntegrationsDeps, 'db'>, actor: CompanyActor, id: string) {
  const { rowCount } = await tenantTransaction(deps.db, actor.companyId, (client) =>
    client.query(`DELETE FROM integrations.destinations WHERE company_id = $1 AND id = $2`, [actor.companyId, id]),
  );
  if (!rowCount) throw DESTINATION_ROUTE_ERRORS.notFound();
}
