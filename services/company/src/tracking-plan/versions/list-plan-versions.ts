import type { PlanVersion } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import type { PlanActor } from '../shared/plan-context';
import { listVersions } from './version-repository';

/** Versions newest first: merges, and the live plan as proposals found it. */
export async function listPlanVersions(deps: CompanyDeps, actor: PlanActor): Promise<{ items: PlanVersion[] }> {
  const { companyId, userId } = actor;
  return {
    items: await tenantTransaction(deps.db, { companyId, userId }, (client) => listVersions(client, companyId)),
  };
}
