import type { ProposalComment } from '@tracemap/shell-core/tracking-plan';
import { useCompany } from '../company-layout/context';
import { personName } from './people';

/** Comments, oldest first, each with its author and (when `itemName` says so) the item it is about. */
export function CommentList({
  comments,
  itemName,
}: {
  comments: ProposalComment[];
  itemName?: (item: NonNullable<ProposalComment['item']>) => string;
}) {
  const { info } = useCompany();
  if (comments.length === 0) return null;
  return (
    <ul className="co-list">
      {comments.map((c) => (
        <li key={c.id} data-testid="comment" data-item-id={c.item?.id ?? ''}>
          <div>
            <strong data-testid="comment-author">{personName(info.users, c.userId)}</strong>
            {c.item && itemName ? <span className="co-muted"> on {itemName(c.item)}</span> : null}
            <p style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }} data-testid="comment-body">
              {c.body}
            </p>
          </div>
          <time className="co-muted" dateTime={c.at}>
            {new Date(c.at).toLocaleString()}
          </time>
        </li>
      ))}
    </ul>
  );
}
