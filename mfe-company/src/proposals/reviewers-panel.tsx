import { useState } from 'react';
import { Button } from '@tracemap/ui';
import { requestReviewers, type ProposalDetail } from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../components/api-error';
import { useCompany } from '../company-layout/context';
import { useAction } from '../hooks/use-action';
import { personName } from './people';

const EDIT_ROLES = ['owner', 'admin', 'creator'];
const DECISIONS = { approve: 'approved', request_changes: 'requested changes' } as const;

/** Who was asked to review and where each stands; the author (or an admin) asks more by name. */
export function ReviewersPanel({
  proposal,
  mayManage,
  onChange,
}: {
  proposal: ProposalDetail;
  mayManage: boolean;
  onChange: (next: ProposalDetail) => void;
}) {
  const { companyId, info } = useCompany();
  const [chosen, setChosen] = useState('');
  const { busy, error, run } = useAction();
  const latest = new Map(proposal.reviews.map((r) => [r.userId, r.decision]));
  const candidates = info.users.filter(
    (u) => EDIT_ROLES.includes(u.role) && u.id !== proposal.authorId && !proposal.reviewers.includes(u.id),
  );
  const ask = async () => {
    const next = await run(() => requestReviewers(companyId, proposal.id, [chosen]));
    if (next) {
      setChosen('');
      onChange(next);
    }
  };
  return (
    <div data-testid="reviewers-panel">
      {proposal.reviewers.length === 0 ? (
        <p className="co-muted">Nobody has been asked to review yet.</p>
      ) : (
        <p>
          Asked to review:{' '}
          {proposal.reviewers.map((id, i) => (
            <span key={id} data-testid="reviewer" data-user-id={id}>
              {i > 0 ? ', ' : ''}
              {personName(info.users, id)}{' '}
              <span className="co-muted">({latest.has(id) ? DECISIONS[latest.get(id)!] : 'waiting'})</span>
            </span>
          ))}
        </p>
      )}
      {mayManage && candidates.length > 0 && (
        <div className="co-actions">
          <select
            aria-label="Reviewer"
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            data-testid="reviewer-select"
          >
            <option value="">Choose a member…</option>
            {candidates.map((u) => (
              <option key={u.id} value={u.id}>
                {personName(info.users, u.id)}
              </option>
            ))}
          </select>
          <Button disabled={busy || !chosen} onClick={() => void ask()} data-testid="reviewer-request">
            Ask to review
          </Button>
        </div>
      )}
      <ApiErrorMessage error={error} testId="reviewers-error" />
    </div>
  );
}
