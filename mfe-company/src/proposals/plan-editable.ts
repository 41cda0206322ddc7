import { create } from 'zustand';
import { hasEditAccess } from '@tracemap/shell-core/roles';
import { useCurrentProposal } from '@tracemap/shell-core/current-proposal';
import type { CompanyInfo } from '@tracemap/shell-core';
import type { ProposalDetail } from '@tracemap/shell-core/tracking-plan';
import { useCompany } from '../company-layout/context';

/**
 * The open proposal as last read (by the banner on each page, or by the proposal's page after a
 * change there), so the banner and the plan pages' read-only state follow its status.
 */
export const useOpenProposalState = create<{ proposal: ProposalDetail | null }>(() => ({ proposal: null }));

/** A newer read of a proposal; kept only if it is the open one (or the banner is reading it now). */
export function rememberProposal(proposal: ProposalDetail): void {
  useOpenProposalState.setState({ proposal });
}

const isOpen = (status: ProposalDetail['status']) => status !== 'merged' && status !== 'closed';

export const CLOSED_PROPOSAL = 'This proposal is merged or closed: its plan can be read, not changed.';
export const PROPOSALS_REQUIRED =
  'Changes to this plan go through proposals: choose one in the Plan menu above, or open one under Proposals.';

/**
 * Whether the plan on screen can be changed, and why not when the role is not the reason: a
 * merged or closed proposal takes no more changes, and when the company makes changes through
 * proposals only owners edit the live plan.
 */
export function planEditability(
  info: Pick<CompanyInfo, 'role' | 'company'>,
  proposal: { id: string | null; open: boolean },
): { canEdit: boolean; reason: string | null } {
  if (!hasEditAccess(info.role)) return { canEdit: false, reason: null };
  if (proposal.id) return proposal.open ? { canEdit: true, reason: null } : { canEdit: false, reason: CLOSED_PROPOSAL };
  if (info.company.settings.proposalsRequired && info.role !== 'owner')
    return { canEdit: false, reason: PROPOSALS_REQUIRED };
  return { canEdit: true, reason: null };
}

export function usePlanEditable(): { canEdit: boolean; reason: string | null } {
  const { companyId, info } = useCompany();
  const id = useCurrentProposal((s) => (s.companyId === companyId ? s.proposalId : null));
  const open = useOpenProposalState((s) => s.proposal?.id !== id || isOpen(s.proposal.status));
  return planEditability(info, { id, open });
}
