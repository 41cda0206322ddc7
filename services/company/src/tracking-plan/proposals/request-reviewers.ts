import { AppError } from '@tracemap/service-kit';
import type { ProposalDetail } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { hasAccess } from '../../core/roles';
import { tenantTransaction } from '../../core/tenant';
import type { PlanActor } from '../shared/plan-context';
import { getProposal } from './get-proposal';
import { PROPOSAL_MESSAGES, proposalClosed, proposalNotFound } from './proposal-errors';
import { findProposal } from './proposal-repository';
import { isOpen } from './proposal-rules';
import { addReviewers, membersAmong } from './proposal-talk-repository';

/** The author (or an admin) asks members of the company, other than the author, to review. */
export async function requestReviewers(
  deps: CompanyDeps,
  actor: PlanActor,
  input: { id: string; userIds: string[] },
): Promise<ProposalDetail> {
  const { companyId, userId } = actor;
  await tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const proposal = await findProposal(client, companyId, input.id, { forUpdate: true });
    if (!proposal) throw proposalNotFound();
    if (!isOpen(proposal.status)) throw proposalClosed();
    if (proposal.authorId !== userId && !hasAccess(actor.role, 'admin'))
      throw new AppError(403, 'forbidden', PROPOSAL_MESSAGES.authorOnly);
    const members = await membersAmong(client, companyId, input.userIds);
    const unknown = input.userIds.find((id) => !members.has(id) || id === proposal.authorId);
    if (unknown) throw new AppError(400, 'unknown_reviewer', PROPOSAL_MESSAGES.unknownReviewer(unknown));
    await addReviewers(client, { companyId, proposalId: input.id, userIds: input.userIds, requestedBy: userId });
  });
  return getProposal(deps, actor, input.id);
}
