import { useState } from 'react';
import { Link } from 'react-router';
import { ApiErrorMessage } from '../../components/api-error';
import { applyDraft } from '../api/assistant-api';
import type { DraftedChange } from '../logic/drafted-change';

/**
 * A change the assistant drafted, under its answer: what it would do, its fields and why.
 * Nothing is written until an editor clicks "Add to proposal", which puts it into the
 * assistant's draft proposal (never the live plan); the card then links to that proposal.
 */
export function DraftCard({
  companyId,
  threadId,
  draft,
  canApply,
}: {
  companyId: string;
  threadId: string | null;
  draft: DraftedChange;
  canApply: boolean;
}) {
  const [applied, setApplied] = useState(draft.applied);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const add = async () => {
    if (!threadId || busy) return;
    setBusy(true);
    setError(null);
    try {
      setApplied(await applyDraft(companyId, threadId, draft.id));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="as-draft" data-testid="assistant-draft" aria-label="Drafted change">
      <p className="as-draft-title">
        <strong>Drafted change:</strong> {draft.summary}
      </p>
      {draft.fields.length > 0 ? (
        <dl className="as-draft-fields">
          {draft.fields.map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {draft.reason ? <p className="co-muted">Why: {draft.reason}</p> : null}
      {applied ? (
        <p role="status" data-testid="assistant-draft-applied">
          Added to proposal{' '}
          <Link to={`/company/${encodeURIComponent(companyId)}/proposals/${encodeURIComponent(applied.proposal.id)}`}>
            {applied.proposal.name}
          </Link>
        </p>
      ) : canApply ? (
        <button
          type="button"
          className="as-draft-apply"
          data-testid="assistant-draft-apply"
          disabled={busy || !threadId}
          onClick={() => void add()}
        >
          {busy ? 'Adding…' : 'Add to proposal'}
        </button>
      ) : (
        <p className="co-muted">An editor can add this change to a proposal.</p>
      )}
      <ApiErrorMessage error={error} testId="assistant-draft-error" />
    </section>
  );
}
