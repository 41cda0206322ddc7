import { useEffect } from 'react';
import { Button } from '@tracemap/ui';
import { Link, useLocation } from 'react-router';
import { getProposal } from '@tracemap/shell-core/proposals-api';
import { useLeaveProposal } from './proposal-address';
import { rememberProposal, useOpenProposalState } from './plan-editable';
import { isOpenStatus, ProposalStatusBadge } from './proposal-status';

/** Under the company header while a proposal is open: which one, and that the live plan is untouched. */
export function ProposalBanner({ companyId, proposalId }: { companyId: string; proposalId: string }) {
  const proposal = useOpenProposalState((s) => (s.proposal?.id === proposalId ? s.proposal : null));
  const leave = useLeaveProposal();
  // Read again on every page, as company info is: a merge or a close elsewhere counts from the next page on.
  const { pathname } = useLocation();
  useEffect(() => {
    const controller = new AbortController();
    // A failed read leaves the generic banner; the page itself shows the error.
    getProposal(companyId, proposalId, controller.signal).then(rememberProposal, () => undefined);
    return () => controller.abort();
  }, [companyId, proposalId, pathname]);
  return (
    <div className="tm-container">
      <p className="co-ok co-proposal-banner" data-testid="proposal-banner" data-proposal-id={proposalId}>
        {proposal ? (
          <>
            Working in proposal <strong data-testid="proposal-banner-name">{proposal.name}</strong>{' '}
            <ProposalStatusBadge status={proposal.status} />.{' '}
            {isOpenStatus(proposal.status)
              ? 'Changes go to the proposal; the live plan stays as it is until it is merged.'
              : 'This proposal is no longer open: its plan can be read, not changed.'}{' '}
          </>
        ) : (
          'Working in a proposal. '
        )}
        <Link to={`/company/${companyId}/proposals/${proposalId}`} data-testid="proposal-banner-open">
          Review and merge
        </Link>{' '}
        ·{' '}
        <Button variant="ghost" onClick={leave} data-testid="proposal-banner-leave">
          Back to the live plan
        </Button>
      </p>
    </div>
  );
}
