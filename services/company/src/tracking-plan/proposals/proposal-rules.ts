import type { Approvers, ProposalStatus } from '@tracemap/contracts';
import type { CompanySettings } from '../../core/company-repository';
import { hasAccess, type Role } from '../../core/roles';

// Proposal rules without I/O: settings with their defaults, who may approve, which approvals count.

export interface ProposalSettings {
  proposalsRequired: boolean;
  approvalsRequired: number;
  approvers: Approvers;
}

export function proposalSettings(settings: CompanySettings): ProposalSettings {
  return {
    proposalsRequired: settings.proposalsRequired ?? false,
    approvalsRequired: settings.approvalsRequired ?? 0,
    approvers: settings.approvers ?? 'editors',
  };
}

/** Admins (and owners), or every role that edits the plan. */
export function mayApprove(role: Role | null, approvers: Approvers): boolean {
  if (!role) return false;
  return approvers === 'admins' ? hasAccess(role, 'admin') : hasAccess(role, 'edit');
}

/**
 * Approvals that count: one per reviewer, their latest decision being "approve", given by
 * someone other than the author whose current role may approve.
 */
export function countedApprovals(
  reviews: ReadonlyArray<{ userId: string; decision: string; role: string | null }>,
  authorId: string,
  approvers: Approvers,
): number {
  const latest = new Map<string, { decision: string; role: string | null }>();
  for (const review of reviews) latest.set(review.userId, review);
  let count = 0;
  for (const [userId, review] of latest) {
    if (userId !== authorId && review.decision === 'approve' && mayApprove(review.role as Role | null, approvers))
      count++;
  }
  return count;
}

/** The status reviews leave a proposal in: requested changes win until the reviewer approves. */
export function statusAfterReviews(
  reviews: ReadonlyArray<{ userId: string; decision: string; role: string | null }>,
  authorId: string,
  settings: ProposalSettings,
): ProposalStatus {
  const latest = new Map<string, string>();
  for (const review of reviews) if (review.userId !== authorId) latest.set(review.userId, review.decision);
  if ([...latest.values()].includes('request_changes')) return 'changes_requested';
  const approvals = countedApprovals(reviews, authorId, settings.approvers);
  return approvals >= Math.max(1, settings.approvalsRequired) ? 'approved' : 'ready_for_review';
}

/** Hand-set moves: draft ⇄ ready for review (also from changes requested or approved), and closing any open one. */
export function maySetStatus(from: ProposalStatus, to: ProposalStatus): boolean {
  if (from === 'merged' || from === 'closed') return false;
  if (to === 'closed') return true;
  if (to === 'draft') return from !== 'draft';
  if (to === 'ready_for_review') return from !== 'ready_for_review';
  return false;
}

export const isOpen = (status: ProposalStatus): boolean => status !== 'merged' && status !== 'closed';
