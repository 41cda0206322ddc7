import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  getProposal,
  getProposalDiff,
  type ProposalDetail,
  type ProposalDiff,
} from '@tracemap/shell-core/tracking-plan';
import { currentProposalOf } from '@tracemap/shell-core/current-proposal';
import { hasAdminRights } from '@tracemap/shell-core/roles';
import { ApiErrorMessage } from '../components/api-error';
import { useCompany } from '../company-layout/context';
import { useCurrentUserId } from '../hooks/use-current-user-id';
import { CommentForm } from './comment-form';
import { CommentList } from './comment-list';
import { itemNameIn } from './diff-logic';
import { DiffView } from './diff-view';
import { ItemComments } from './item-comments';
import { LintCompare } from './lint-compare';
import { MergePanel } from './merge-panel';
import { personName } from './people';
import { rememberProposal } from './plan-editable';
import { ProposalStatusBadge } from './proposal-status';
import { ReviewPanel } from './review-panel';
import { ReviewersPanel } from './reviewers-panel';
import { SchemaChanges } from './schema-changes';
import { StatusActions } from './status-actions';
import { useProposalComments } from './use-proposal-comments';

const EDIT_ROLES = ['owner', 'admin', 'creator'];

/** /company/:companyId/proposals/:proposalId: status, reviews, what it changes, and the merge. */
export function ProposalPage() {
  const { proposalId = '' } = useParams();
  const { companyId, info } = useCompany();
  const userId = useCurrentUserId();
  const canEdit = EDIT_ROLES.includes(info.role);
  const [proposal, setShown] = useState<ProposalDetail | null>(null);
  // The banner above shows the same proposal when it is the open one: both follow a change made here.
  const setProposal = useCallback(
    (next: ProposalDetail) => {
      setShown(next);
      if (currentProposalOf(companyId) === next.id) rememberProposal(next);
    },
    [companyId],
  );
  const [diff, setDiff] = useState<ProposalDiff | null>(null);
  const [error, setError] = useState<unknown>(null);
  const talk = useProposalComments(companyId, proposalId);

  const load = useCallback(async () => {
    try {
      setError(null);
      const [next, changes] = await Promise.all([
        getProposal(companyId, proposalId),
        canEdit ? getProposalDiff(companyId, proposalId) : Promise.resolve(null),
      ]);
      setProposal(next);
      setDiff(changes);
    } catch (err) {
      setError(err);
    }
  }, [companyId, proposalId, canEdit, setProposal]);

  useEffect(() => {
    void load();
  }, [load]);

  if (error && !proposal) {
    return (
      <section className="tm-container co-page">
        <ApiErrorMessage error={error} />
      </section>
    );
  }
  if (!proposal) {
    return (
      <section className="tm-container co-page" aria-busy="true">
        <p className="co-muted">Loading proposal…</p>
      </section>
    );
  }
  const mayManage = canEdit && (userId === proposal.authorId || hasAdminRights(info.role));
  return (
    <section className="tm-container co-page" data-testid="proposal-page" data-status={proposal.status}>
      <p>
        <Link to={`/company/${companyId}/proposals`}>All proposals</Link>
      </p>
      <h1 data-testid="proposal-name">{proposal.name}</h1>
      <p>
        <ProposalStatusBadge status={proposal.status} />{' '}
        <span className="co-muted">
          by {personName(info.users, proposal.authorId)}, from plan version {proposal.baseVersion} ·{' '}
          <span data-testid="proposal-approvals">
            {proposal.approvals} of {proposal.approvalsRequired} required approvals
          </span>
        </span>
      </p>
      {proposal.description && <p>{proposal.description}</p>}
      {proposal.emergency && (
        <p className="co-error" data-testid="proposal-emergency">
          Merged by an owner without the approvals the company asks for.
        </p>
      )}
      {canEdit && (
        <StatusActions companyId={companyId} proposal={proposal} mayManage={mayManage} onChange={setProposal} />
      )}

      <h2>Reviews</h2>
      <ReviewersPanel proposal={proposal} mayManage={mayManage} onChange={setProposal} />
      <ReviewPanel proposal={proposal} userId={userId} canEdit={canEdit} onChange={setProposal} />

      {diff && (
        <>
          <h2>What it changes</h2>
          <DiffView
            diff={diff}
            testId="proposal-diff"
            footer={(entry) =>
              entry.id ? (
                <ItemComments item={{ kind: entry.kind, id: entry.id }} comments={talk.comments} onPost={talk.post} />
              ) : null
            }
          />
          <h3>Event JSON Schemas</h3>
          <SchemaChanges schemas={diff.schemas} />
          <h3>Lint</h3>
          <LintCompare lint={diff.lint} />
        </>
      )}
      <div data-testid="proposal-discussion">
        <h2>Discussion</h2>
        <ApiErrorMessage error={talk.error} testId="comments-error" />
        <CommentList comments={talk.comments} itemName={(item) => itemNameIn(diff, item)} />
        <CommentForm label="Comment on the proposal" onPost={(body) => talk.post(body)} testId="proposal-comment" />
      </div>
      {canEdit && (
        <>
          <h2>Merge</h2>
          <MergePanel companyId={companyId} proposal={proposal} onMerged={load} />
        </>
      )}
    </section>
  );
}
