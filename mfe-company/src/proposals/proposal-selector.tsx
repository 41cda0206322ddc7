import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { listProposals } from '@tracemap/shell-core/proposals-api';
import type { Proposal } from '@tracemap/shell-core/tracking-plan';
import { mayDropUnsaved } from '../components/unsaved-changes';
import { withProposal, useLeaveProposal } from './proposal-address';
import { isOpenStatus, STATUS_LABELS } from './proposal-status';

export const SWITCH_QUESTION = 'You have unsaved changes. Switch plans and lose them?';

/**
 * The company header's choice of plan: the live plan or one of the open proposals (shown once
 * there is one). Choosing a proposal keeps the page and reads and writes inside the proposal from
 * then on. With unsaved changes in an open editor it asks before switching.
 */
export function ProposalSelector({ companyId, proposalId }: { companyId: string; proposalId: string | null }) {
  const [proposals, setProposals] = useState<Proposal[]>([]);
  const location = useLocation();
  const navigate = useNavigate();
  const leave = useLeaveProposal();

  useEffect(() => {
    const controller = new AbortController();
    listProposals(companyId, controller.signal).then(setProposals, () => setProposals([]));
    return () => controller.abort();
  }, [companyId, proposalId]);

  const shown = proposals.filter((p) => isOpenStatus(p.status) || p.id === proposalId);
  // With no proposal to choose, there is only the live plan: nothing to show.
  if (shown.length === 0 && !proposalId) return null;
  const onChange = (value: string) => {
    // The other plan's pages replace the open editor: its unsaved changes would be lost without a word.
    if (!mayDropUnsaved(SWITCH_QUESTION)) return;
    if (!value) leave();
    else void navigate({ pathname: location.pathname, search: withProposal(location.search, value) });
  };
  return (
    <label className="co-proposal-select">
      <span className="co-muted">Plan</span>{' '}
      <select
        data-testid="proposal-selector"
        aria-label="Plan"
        value={proposalId ?? ''}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Live plan</option>
        {proposalId && !shown.some((p) => p.id === proposalId) && <option value={proposalId}>Proposal…</option>}
        {shown.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({STATUS_LABELS[p.status]})
          </option>
        ))}
      </select>
    </label>
  );
}
