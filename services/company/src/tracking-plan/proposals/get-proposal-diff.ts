import { AppError } from '@tracemap/service-kit';
import type { ProposalDiff } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { setTenantCompany, tenantTransaction } from '../../core/tenant';
import { loadPlanSettings, type PlanActor } from '../shared/plan-context';
import { exportNative, versionPlan } from '../versions/version-repository';
import { planDiff } from './plan-diff';
import { PROPOSAL_MESSAGES, proposalNotFound } from './proposal-errors';
import { findProposal } from './proposal-repository';

/** The proposal against the version it started from (what it changes, not what the live plan did meanwhile). */
export function getProposalDiff(deps: CompanyDeps, actor: PlanActor, id: string): Promise<ProposalDiff> {
  const { companyId, userId } = actor;
  return tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const proposal = await findProposal(client, companyId, id);
    if (!proposal) throw proposalNotFound();
    const base = await versionPlan(client, companyId, proposal.baseVersion);
    if (!base) throw new AppError(404, 'version_not_found', PROPOSAL_MESSAGES.versionNotFound);
    const settings = await loadPlanSettings(client, companyId);
    await setTenantCompany(client, proposal.workspaceId);
    return planDiff(base, await exportNative(client, proposal.workspaceId), settings);
  });
}
