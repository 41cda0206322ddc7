import type { NotificationBody, ProposalStatus } from '@tracemap/contracts';
import type { NotificationBurst } from '@tracemap/service-kit';

interface ProposalStatusItem {
  proposalId: string;
  name: string;
  from: ProposalStatus;
  status: ProposalStatus;
  authorId: string;
  emergency: boolean;
  mergedVersion: number | null;
  userId: string | null;
}

interface ReviewRequestItem {
  proposalId: string;
  name: string;
  userId: string;
  requestedBy: string;
}

const STATUS_TITLES: Record<ProposalStatus, string> = {
  draft: 'back to draft',
  ready_for_review: 'ready for review',
  changes_requested: 'changes requested',
  approved: 'approved',
  merged: 'merged into the tracking plan',
  closed: 'closed',
};

const proposalLink = (companyId: string, proposalId: string) => `/company/${companyId}/proposals/${proposalId}`;
// Every message about one proposal threads under the first one posted about it.
const proposalSubject = (proposalId: string) => `proposal:${proposalId}`;

/** One status change of a proposal (migration 014). */
export function proposalStatusNotification(burst: NotificationBurst): NotificationBody | null {
  const [item] = burst.items as ProposalStatusItem[];
  if (!item) return null;
  const merged = item.status === 'merged';
  return {
    companyId: burst.companyId,
    kind: 'proposal_changed',
    subject: proposalSubject(item.proposalId),
    dedupeKey: `proposal-burst:${burst.id}`,
    payload: {
      title: `Proposal “${item.name}”: ${STATUS_TITLES[item.status]}`,
      ...(merged && item.mergedVersion !== null
        ? {
            text: `Plan version ${item.mergedVersion}${item.emergency ? ', merged by an owner without the approvals asked for' : ''}`,
          }
        : {}),
      link: proposalLink(burst.companyId, item.proposalId),
      severity: merged && item.emergency ? 'warning' : 'info',
      details: {
        proposalId: item.proposalId,
        from: item.from,
        status: item.status,
        authorId: item.authorId,
        ...(item.userId ? { userId: item.userId } : {}),
      },
    },
  };
}

/** Members asked to review one proposal (in one request, or a few seconds apart). */
export function reviewRequestNotification(burst: NotificationBurst): NotificationBody | null {
  const items = burst.items as ReviewRequestItem[];
  if (items.length === 0) return null;
  const count = burst.itemCount;
  return {
    companyId: burst.companyId,
    kind: 'review_requested',
    subject: proposalSubject(items[0].proposalId),
    dedupeKey: `review-request-burst:${burst.id}`,
    payload: {
      title: `Review requested on proposal “${items[0].name}” from ${count} ${count === 1 ? 'member' : 'members'}`,
      link: proposalLink(burst.companyId, items[0].proposalId),
      severity: 'info',
      details: {
        proposalId: items[0].proposalId,
        reviewerIds: items.map((item) => item.userId),
        requestedBy: items[0].requestedBy,
      },
    },
  };
}
