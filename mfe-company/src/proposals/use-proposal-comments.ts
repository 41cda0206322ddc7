import { useCallback, useEffect, useState } from 'react';
import {
  commentOnProposal,
  listProposalComments,
  type CommentItem,
  type ProposalComment,
} from '@tracemap/shell-core/tracking-plan';

/** The proposal's comments, and posting one (on the proposal, or on one item with `item`). */
export function useProposalComments(companyId: string, proposalId: string) {
  const [comments, setComments] = useState<ProposalComment[]>([]);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    const controller = new AbortController();
    listProposalComments(companyId, proposalId, controller.signal).then(setComments, (err: unknown) => {
      if (!controller.signal.aborted) setError(err);
    });
    return () => controller.abort();
  }, [companyId, proposalId]);
  const post = useCallback(
    async (body: string, item?: CommentItem) => {
      const created = await commentOnProposal(companyId, proposalId, { body, ...(item ? { item } : {}) });
      setComments((list) => [...list, created]);
    },
    [companyId, proposalId],
  );
  return { comments, error, post };
}

/** Comments about one item, oldest first. */
export const commentsOn = (comments: ProposalComment[], item: CommentItem): ProposalComment[] =>
  comments.filter((c) => c.item?.kind === item.kind && c.item.id === item.id);
