import { AppError } from '@tracemap/service-kit';
import type { NativePlan } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import { entityDiff } from '../proposals/plan-diff';
import { PROPOSAL_MESSAGES } from '../proposals/proposal-errors';
import type { PlanActor } from '../shared/plan-context';
import { versionPlan } from './version-repository';

const notFound = () => new AppError(404, 'version_not_found', PROPOSAL_MESSAGES.versionNotFound);

/** One version as a native plan file, as the plan's export gives it. */
export function getPlanVersion(deps: CompanyDeps, actor: PlanActor, version: number): Promise<NativePlan> {
  const { companyId, userId } = actor;
  return tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const plan = await versionPlan(client, companyId, version);
    if (!plan) throw notFound();
    return plan;
  });
}

/** What changed from version `against` to `version`. */
export async function diffPlanVersions(
  deps: CompanyDeps,
  actor: PlanActor,
  input: { version: number; against: number },
): Promise<ReturnType<typeof entityDiff>> {
  const [after, before] = await Promise.all([
    getPlanVersion(deps, actor, input.version),
    getPlanVersion(deps, actor, input.against),
  ]);
  return entityDiff(before, after);
}
