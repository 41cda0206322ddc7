import type { ProposalStatus } from '@tracemap/shell-core/tracking-plan';

export const STATUS_LABELS: Record<ProposalStatus, string> = {
  draft: 'Draft',
  ready_for_review: 'Ready for review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  merged: 'Merged',
  closed: 'Closed',
};

export const isOpenStatus = (status: ProposalStatus): boolean => status !== 'merged' && status !== 'closed';

export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  return (
    <span className="co-role" data-testid="proposal-status" data-status={status}>
      {STATUS_LABELS[status]}
    </span>
  );
}
