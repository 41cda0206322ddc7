import type { DestinationList } from '@tracemap/contracts';
import type { CompanyActor } from '../../core/company-access';
import { tenantTransaction } from '../../core/tenant';
import type { IntegrationsDeps } from '../../deps';
import { latestRuns } from '../runs/run-repository';
import { destinationView, listDestinationRows } from './destination-repository';

/** The company's destinations with each one's last success, last error, drift and latest run. */
export function listDestinations(
  deps: Pick<IntegrationsDeps, 'db' | 'config'>,
  actor: CompanyActor,
): Promise<DestinationList> {
  return tenantTransaction(deps.db, actor.companyId, async (client) => {
    const rows = await listDestinationRows(client, actor.companyId);
    const runs = await latestRuns(client, actor.companyId);
    return {
      destinations: rows.map((row) => destinationView(row, runs.get(row.id) ?? null)),
      localDestinations: deps.config.DESTINATIONS_LOCAL,
    };
  });
}
