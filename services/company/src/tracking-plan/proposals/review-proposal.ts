import { AppError } from '@tracemap/service-kit';
import type { ProposalDetail, ReviewDecision } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { findCompany } from '../../core/company-repository';
import { tenantTransaction } from '../../core/tenant';
import type { PlanActor } from '../shared/plan-context';
import { getProposal } from './get-proposal';
import { PROPOSAL_MESSAGES, proposalNotFound } from './proposal-errors';
import { findProposal, insertReview, listReviews, updateProposal } from './proposal-repository';
import { mayApprove, proposalSettings, statusAfterReviews } from './proposal-rules';

/**
 * A reviewer approves or requests changes, with a comment. The author cannot
 * review their own proposal; approving takes a role the company's setting
 * names. The proposal's status follows its reviews.
 */
export async function reviewProposal(
  deps: CompanyDeps,
  actor: PlanActor,
  input: { id: string; decision: ReviewDecision; comment: string },
): Promise<ProposalDetail> {
  const { companyId, userId } = actor;
  await tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const stored = await findProposal(client, companyId, input.id, { forUpdate: true });
    if (!stored) throw proposalNotFound();
    if (stored.authorId === userId) throw new AppError(403, 'own_review', PROPOSAL_MESSAGES.ownReview);
    if (!['ready_for_review', 'changes_requested', 'approved'].includes(stored.status))
      throw new AppError(409, 'invalid_status_change', PROPOSAL_MESSAGES.notReviewable);
    const settings = proposalSettings((await findCompany(client, companyId))?.settings ?? {});
    if (input.decision === 'approve' && !mayApprove(actor.role, settings.approvers))
      throw new AppError(403, 'forbidden', PROPOSAL_MESSAGES.notApprover);
    await insertReview(client, { companyId, proposalId: input.id, userId, ...input });
    const reviews = await listReviews(client, companyId, [input.id]);
    await updateProposal(client, companyId, input.id, {
      status: statusAfterReviews(reviews, stored.authorId, settings),
    });
  });
  return getProposal(deps, actor, input.id);
}
