import { useCurrentProposal } from '@tracemap/shell-core/current-proposal';
import type { CommentItem } from '@tracemap/shell-core/tracking-plan';
import { useCompany } from '../company-layout/context';
import { ItemComments } from './item-comments';
import { useProposalComments } from './use-proposal-comments';

function Thread({ companyId, proposalId, item }: { companyId: string; proposalId: string; item: CommentItem }) {
  const talk = useProposalComments(companyId, proposalId);
  return (
    <section className="tp-section" data-testid="proposal-item-thread">
      <h2>Comments in this proposal</h2>
      <ItemComments item={item} comments={talk.comments} onPost={talk.post} />
    </section>
  );
}

/** On an item's page inside a proposal: what the proposal's reviewers said about this item. */
export function ProposalItemThread({ item }: { item: CommentItem }) {
  const { companyId } = useCompany();
  const proposalId = useCurrentProposal((s) => (s.companyId === companyId ? s.proposalId : null));
  return proposalId ? <Thread companyId={companyId} proposalId={proposalId} item={item} /> : null;
}
