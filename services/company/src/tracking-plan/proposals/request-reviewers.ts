import { AppError } from '@tracemap/service-kit';
import type { ProposalDetail } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { findCompany } from '../../core/company-repository';
import type { Profile } from '../../core/peers';
import { hasAccess } from '../../core/roles';
import { tenantTransaction } from '../../core/tenant';
import { displayName } from '../../invitations/inviter-name';
import type { PlanActor } from '../shared/plan-context';
import { getProposal } from './get-proposal';
import { PROPOSAL_MESSAGES, proposalClosed, proposalNotFound } from './proposal-errors';
import { findProposal } from './proposal-repository';
import { isOpen } from './proposal-rules';
import { addReviewers, membersAmong } from './proposal-talk-repository';
import { queueReviewRequestEmail } from './review-request-email';

/**
 * The author (or an admin) asks members of the company, other than the author, to review.
 * Each member newly asked gets an email (through the outbox, in the same transaction); the
 * company's channels hear of it through the notification relay (migration 014). Asking
 * someone already asked changes nothing and sends nothing.
 */
export async function requestReviewers(
  deps: CompanyDeps,
  actor: PlanActor,
  input: { id: string; userIds: string[] },
): Promise<ProposalDetail> {
  const { companyId, userId } = actor;
  // Addresses come from account; without them nobody could be told, so nothing is written.
  const [profiles, requesterName] = await Promise.all([
    deps.peers.profilesOrThrow(input.userIds).catch(() => {
      throw new AppError(503, 'dependency_unavailable', PROPOSAL_MESSAGES.reviewersUnavailable, {
        'retry-after': '5',
      });
    }),
    displayName(deps.peers, userId, null),
  ]);
  const queued = await tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const proposal = await findProposal(client, companyId, input.id, { forUpdate: true });
    if (!proposal) throw proposalNotFound();
    if (!isOpen(proposal.status)) throw proposalClosed();
    if (proposal.authorId !== userId && !hasAccess(actor.role, 'admin'))
      throw new AppError(403, 'forbidden', PROPOSAL_MESSAGES.authorOnly);
    const members = await membersAmong(client, companyId, input.userIds);
    const unknown = input.userIds.find((id) => !members.has(id) || id === proposal.authorId);
    if (unknown) throw new AppError(400, 'unknown_reviewer', PROPOSAL_MESSAGES.unknownReviewer(unknown));
    const added = await addReviewers(client, {
      companyId,
      proposalId: input.id,
      userIds: input.userIds,
      requestedBy: userId,
    });
    const companyName = (await findCompany(client, companyId))?.name ?? '';
    const reviewers = added.map((id) => profiles.get(id)).filter((p): p is Profile => Boolean(p?.email));
    for (const reviewer of reviewers)
      await queueReviewRequestEmail(client, {
        publicUrl: deps.config.PUBLIC_URL,
        companyId,
        companyName,
        proposal,
        reviewer,
        requesterName,
      });
    return reviewers.length;
  });
  if (queued > 0) deps.wakeOutbox();
  return getProposal(deps, actor, input.id);
}
