import type { DiscoveryOverview } from '@tracemap/contracts';
import { inCompany } from '../ingest/tenant-transaction';
import type { DiscoveryDeps } from './discovery-deps';
import { judgedVersion, openFindingsBySeverity } from './findings-repository';
import { observedTotals } from './observed-events-repository';

/**
 * The discovery page's figures, counted by the database over every row (a
 * company with tens of thousands of observed names gets exact figures, not
 * the first pages'); kept in memory like the list pages.
 */
export async function getDiscoveryOverview(
  deps: Pick<DiscoveryDeps, 'db' | 'pages'>,
  companyId: string,
): Promise<DiscoveryOverview> {
  const read = () =>
    inCompany(deps.db, companyId, async (client) => ({
      ...(await observedTotals(client)),
      openBySeverity: await openFindingsBySeverity(client),
      planVersion: await judgedVersion(client),
    }));
  return deps.pages ? deps.pages.page(companyId, 'overview', {}, read) : read();
}
