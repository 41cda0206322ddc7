import { create } from 'zustand';

// The proposal the company's pages read and write instead of the live plan. The company layout
// keeps it equal to the page address's `?proposal=` (so a reload or a shared link opens the same
// proposal); the plan calls read it here, so no page passes it by hand.

interface CurrentProposal {
  companyId: string | null;
  proposalId: string | null;
}

export const useCurrentProposal = create<CurrentProposal>(() => ({ companyId: null, proposalId: null }));

/** Work inside `proposalId` of `companyId` from now on; null goes back to the live plan. */
export function setCurrentProposal(companyId: string, proposalId: string | null): void {
  useCurrentProposal.setState({ companyId, proposalId });
}

/** The proposal plan calls for this company go to, or null for the live plan (another company's never counts). */
export function currentProposalOf(companyId: string): string | null {
  const { companyId: owner, proposalId } = useCurrentProposal.getState();
  return owner === companyId ? proposalId : null;
}

/** The query a plan call adds: `{ proposal }` while a proposal of the company is open, else nothing. */
export function proposalQuery(companyId: string): { proposal?: string } {
  const proposal = currentProposalOf(companyId);
  return proposal ? { proposal } : {};
}
