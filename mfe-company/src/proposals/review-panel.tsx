import { useState } from 'react';
import { Button } from '@tracemap/ui';
import { reviewProposal, type ProposalDetail, type ReviewDecision } from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../components/api-error';
import { useCompany } from '../company-layout/context';
import { useAction } from '../hooks/use-action';
import { personName } from './people';

const DECISION_LABELS: Record<ReviewDecision, string> = { approve: 'Approved', request_changes: 'Requested changes' };
const REVIEWABLE = ['ready_for_review', 'changes_requested', 'approved'];

/** The proposal's reviews, oldest first, and (for reviewers other than the author) the review form. */
export function ReviewPanel({
  proposal,
  userId,
  canEdit,
  onChange,
}: {
  proposal: ProposalDetail;
  userId: string | null;
  canEdit: boolean;
  onChange: (next: ProposalDetail) => void;
}) {
  const { companyId, info } = useCompany();
  const [comment, setComment] = useState('');
  const { busy, error, run } = useAction();
  const mayReview = canEdit && userId !== null && userId !== proposal.authorId && REVIEWABLE.includes(proposal.status);

  const review = async (decision: ReviewDecision) => {
    const next = await run(() => reviewProposal(companyId, proposal.id, { decision, comment }));
    if (next) {
      setComment('');
      onChange(next);
    }
  };
  return (
    <div data-testid="review-panel">
      {proposal.reviews.length === 0 && <p className="co-muted">No reviews yet.</p>}
      <ul className="co-list">
        {proposal.reviews.map((r, i) => (
          <li key={`${r.userId}:${r.at}:${i}`} data-testid="review" data-decision={r.decision}>
            <div>
              <strong data-testid="review-author">{personName(info.users, r.userId)}</strong>{' '}
              <span className="co-role">{DECISION_LABELS[r.decision]}</span>
              {r.comment && (
                <p style={{ margin: '4px 0 0' }} data-testid="review-comment">
                  {r.comment}
                </p>
              )}
            </div>
            <time className="co-muted" dateTime={r.at}>
              {new Date(r.at).toLocaleString()}
            </time>
          </li>
        ))}
      </ul>
      {mayReview && (
        <div className="co-form" style={{ maxWidth: 'none' }}>
          <label>
            Comment
            <textarea
              rows={3}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              data-testid="review-comment-input"
            />
          </label>
          <div className="co-actions">
            <Button disabled={busy} onClick={() => void review('approve')} data-testid="review-approve">
              Approve
            </Button>
            <Button disabled={busy} onClick={() => void review('request_changes')} data-testid="review-request-changes">
              Request changes
            </Button>
          </div>
        </div>
      )}
      {canEdit && userId === proposal.authorId && (
        <p className="co-muted">The author cannot review their own proposal.</p>
      )}
      <ApiErrorMessage error={error} testId="review-error" />
    </div>
  );
}
