import type { CompanyActor } from '../../core/company-access';
import { tenantTransaction } from '../../core/tenant';
import type { IntegrationsDeps } from '../../deps';
import { effectiveSettings, openCredentials, requireDestination } from './destination-repository';
import type { Target } from './destination-target';

/** The destination's settings and opened credentials, for a call to it made outside any transaction. */
export async function loadTarget(
  deps: Pick<IntegrationsDeps, 'db' | 'secrets'>,
  actor: Pick<CompanyActor, 'companyId'>,
  id: string,
): Promise<Target> {
  const row = await tenantTransaction(deps.db, actor.companyId, (client) =>
    requireDestination(client, actor.companyId, id),
  );
  return { settings: effectiveSettings(row), credentials: openCredentials(deps.secrets, row) };
}
