import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setCurrentProposal, useCurrentProposal } from '@tracemap/shell-core/current-proposal';

const LEAVING = 'leavingProposal';

/** The page address's query with `proposal` set to `proposalId` (or taken out for null), other keys kept. */
export function withProposal(search: string, proposalId: string | null): string {
  const params = new URLSearchParams(search);
  if (proposalId) params.set('proposal', proposalId);
  else params.delete('proposal');
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * Keeps the open proposal and the address's `?proposal=` equal: an address naming a proposal
 * opens it (a reload, a shared link); a company link without one keeps the proposal open by adding
 * it back. Leaving a proposal is `useLeaveProposal`. `ready` is false while the two differ, so no page
 * reads the plan from the wrong side in between.
 */
export function useProposalAddress(companyId: string): { ready: boolean; proposalId: string | null } {
  const location = useLocation();
  const navigate = useNavigate();
  const inAddress = new URLSearchParams(location.search).get('proposal');
  const open = useCurrentProposal((s) => (s.companyId === companyId ? s.proposalId : null));
  useEffect(() => {
    if (inAddress && inAddress !== open) setCurrentProposal(companyId, inAddress);
    else if (!inAddress && open) {
      if ((location.state as { [LEAVING]?: boolean } | null)?.[LEAVING]) setCurrentProposal(companyId, null);
      else void navigate({ ...location, search: withProposal(location.search, open) }, { replace: true });
    }
  }, [companyId, inAddress, open, location, navigate]);
  return { ready: inAddress === open, proposalId: open };
}

/**
 * Back to the live plan on the same page. Only the address changes (marked as leaving, unlike a
 * link without the proposal); the effect above then closes the proposal, so the two never
 * disagree the other way round in between.
 */
export function useLeaveProposal(): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  return () =>
    void navigate({ ...location, search: withProposal(location.search, null) }, { state: { [LEAVING]: true } });
}
