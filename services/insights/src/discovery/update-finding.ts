import type { Finding, UpdateFindingBody } from '@tracemap/contracts';
import { notFound } from '@tracemap/service-kit';
import { inCompany } from '../ingest/tenant-transaction';
import type { DiscoveryDeps } from './discovery-deps';
import { setFindingState } from './findings-repository';

/** Triage: an editor acknowledges, ignores, reopens or resolves a finding. */
export async function updateFinding(
  deps: Pick<DiscoveryDeps, 'db' | 'pages'>,
  companyId: string,
  id: string,
  body: UpdateFindingBody,
): Promise<Finding> {
  const finding = await inCompany(deps.db, companyId, (client) => setFindingState(client, id, body.state));
  if (!finding) throw notFound('No such finding.', 'finding_not_found');
  deps.pages?.changed(companyId);
  return finding;
}
