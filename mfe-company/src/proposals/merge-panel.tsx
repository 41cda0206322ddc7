import { useState } from 'react';
import { Button } from '@tracemap/ui';
import { Link } from 'react-router';
import {
  mergeConflictsOf,
  mergeProposal,
  resolveProposal,
  type MergeConflictBody,
  type ProposalDetail,
} from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../components/api-error';
import { useAction } from '../hooks/use-action';
import { ConflictTable } from './conflict-table';
import { resolutionsOf, unresolvedCount, type MergeChoice } from './diff-logic';
import { isOpenStatus } from './proposal-status';

/**
 * The merge screen: merging applies the proposal to the live plan as it is now. Fields changed on
 * both sides since the base come back as conflicts, shown side by side for the author to choose
 * from before the merge goes through.
 */
export function MergePanel({
  companyId,
  proposal,
  onMerged,
}: {
  companyId: string;
  proposal: ProposalDetail;
  onMerged: () => Promise<void>;
}) {
  const [conflicts, setConflicts] = useState<MergeConflictBody[] | null>(null);
  const [choices, setChoices] = useState<Record<string, MergeChoice>>({});
  const { busy, error, run } = useAction();

  if (proposal.status === 'merged') {
    return (
      <p className="co-ok" data-testid="merge-done">
        Merged as plan version {proposal.mergedVersion}.{' '}
        <Link to={`/company/${companyId}/plan-versions?version=${proposal.mergedVersion}`}>See the plan versions</Link>
      </p>
    );
  }
  if (!isOpenStatus(proposal.status)) return <p className="co-muted">A closed proposal cannot be merged.</p>;

  const merge = () =>
    run(async () => {
      try {
        await mergeProposal(companyId, proposal.id);
        setConflicts(null);
        await onMerged();
      } catch (err) {
        const found = mergeConflictsOf(err);
        if (!found) throw err;
        setConflicts(found);
      }
    });
  const resolveAndMerge = () =>
    run(async () => {
      const open = await resolveProposal(companyId, proposal.id, resolutionsOf(conflicts ?? [], choices));
      if (open.length > 0) {
        setConflicts(open);
        return;
      }
      await mergeProposal(companyId, proposal.id);
      setConflicts(null);
      await onMerged();
    });

  const missing = conflicts ? unresolvedCount(conflicts, choices) : 0;
  return (
    <div data-testid="merge-panel">
      <p className="co-muted">
        {proposal.approvals} of {proposal.approvalsRequired} required approvals.
      </p>
      {!conflicts && (
        <Button disabled={busy} onClick={() => void merge()} data-testid="merge-button">
          Merge into the live plan
        </Button>
      )}
      {conflicts && (
        <>
          <p data-testid="merge-conflict-note">
            {conflicts.length} field{conflicts.length === 1 ? ' was' : 's were'} changed both in this proposal and in
            the live plan. Choose which side each keeps.
          </p>
          <ConflictTable
            conflicts={conflicts}
            choices={choices}
            onChoose={(key, choice) => setChoices((c) => ({ ...c, [key]: choice }))}
          />
          <Button disabled={busy || missing > 0} onClick={() => void resolveAndMerge()} data-testid="merge-resolve">
            {missing > 0 ? `Choose a side for ${missing} more` : 'Keep these choices and merge'}
          </Button>
        </>
      )}
      <ApiErrorMessage error={error} testId="merge-error" />
    </div>
  );
}
