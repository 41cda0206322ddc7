import { Link } from 'react-router';
import { Button } from '@tracemap/ui';
import {
  setProposalStatus,
  type ProposalDetail,
  type SettableProposalStatus,
} from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../components/api-error';
import { useAction } from '../hooks/use-action';
import { isOpenStatus } from './proposal-status';

/** What the author (or an admin) does by hand: edit inside the proposal, ask for review, take it back, close it. */
export function StatusActions({
  companyId,
  proposal,
  mayManage,
  onChange,
}: {
  companyId: string;
  proposal: ProposalDetail;
  mayManage: boolean;
  onChange: (next: ProposalDetail) => void;
}) {
  const { busy, error, run } = useAction();
  const set = async (status: SettableProposalStatus) => {
    const next = await run(() => setProposalStatus(companyId, proposal.id, status));
    if (next) onChange(next);
  };
  const open = isOpenStatus(proposal.status);
  return (
    <div>
      <div className="co-actions">
        <Link
          className="tm-btn tm-btn--ghost"
          to={`/company/${companyId}/events?proposal=${proposal.id}`}
          data-testid="proposal-edit"
        >
          {open ? 'Edit the plan in this proposal' : 'Read the plan in this proposal'}
        </Link>
        {mayManage && open && proposal.status !== 'ready_for_review' && (
          <Button disabled={busy} onClick={() => void set('ready_for_review')} data-testid="proposal-request-review">
            Request review
          </Button>
        )}
        {mayManage && open && proposal.status !== 'draft' && (
          <Button variant="ghost" disabled={busy} onClick={() => void set('draft')} data-testid="proposal-to-draft">
            Back to draft
          </Button>
        )}
        {mayManage && open && (
          <Button
            variant="ghost"
            className="co-btn-danger"
            disabled={busy}
            onClick={() => void set('closed')}
            data-testid="proposal-close"
          >
            Close without merging
          </Button>
        )}
      </div>
      <ApiErrorMessage error={error} testId="status-error" />
    </div>
  );
}
