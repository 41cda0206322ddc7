import type { Proposal, ProposalDetail, ProposalReview } from '@tracemap/contracts';
import type { StoredProposal } from './proposal-repository';
import { countedApprovals, type ProposalSettings } from './proposal-rules';

type Reviews = ReadonlyArray<ProposalReview & { role: string | null }>;

/** A proposal as the API shows it: approvals counted by the company's current rules. */
export function toProposal(stored: StoredProposal, reviews: Reviews, settings: ProposalSettings): Proposal {
  return {
    id: stored.id,
    name: stored.name,
    description: stored.description,
    status: stored.status,
    authorId: stored.authorId,
    baseVersion: stored.baseVersion,
    mergedVersion: stored.mergedVersion,
    emergency: stored.emergency,
    approvals: countedApprovals(reviews, stored.authorId, settings.approvers),
    approvalsRequired: settings.approvalsRequired,
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
  };
}

export function toProposalDetail(
  stored: StoredProposal,
  reviews: Reviews,
  settings: ProposalSettings,
  reviewers: string[],
): ProposalDetail {
  return {
    ...toProposal(stored, reviews, settings),
    reviews: reviews.map((r) => ({ userId: r.userId, decision: r.decision, comment: r.comment, at: r.at })),
    reviewers,
  };
}
