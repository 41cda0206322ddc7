import { AppError } from '@tracemap/service-kit';
import type { ProposalDetail, ProposalStatus } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { hasAccess } from '../../core/roles';
import { tenantTransaction } from '../../core/tenant';
import type { PlanActor } from '../shared/plan-context';
import { getProposal } from './get-proposal';
import { PROPOSAL_MESSAGES, proposalNotFound } from './proposal-errors';
import { findProposal, updateProposal } from './proposal-repository';
import { maySetStatus } from './proposal-rules';

/** The author (or an admin) moves a proposal between draft and ready for review, or closes it. */
export async function setProposalStatus(
  deps: CompanyDeps,
  actor: PlanActor,
  input: { id: string; status: ProposalStatus },
): Promise<ProposalDetail> {
  const { companyId, userId } = actor;
  await tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const stored = await findProposal(client, companyId, input.id, { forUpdate: true });
    if (!stored) throw proposalNotFound();
    if (stored.authorId !== userId && !hasAccess(actor.role, 'admin'))
      throw new AppError(403, 'forbidden', PROPOSAL_MESSAGES.authorOnly);
    if (!maySetStatus(stored.status, input.status))
      throw new AppError(409, 'invalid_status_change', PROPOSAL_MESSAGES.invalidStatus(stored.status, input.status));
    await updateProposal(client, companyId, input.id, { status: input.status });
  });
  return getProposal(deps, actor, input.id);
}
