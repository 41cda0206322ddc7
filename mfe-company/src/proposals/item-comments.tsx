import { useState } from 'react';
import { Button } from '@tracemap/ui';
import type { CommentItem, ProposalComment } from '@tracemap/shell-core/tracking-plan';
import { CommentForm } from './comment-form';
import { CommentList } from './comment-list';
import { commentsOn } from './use-proposal-comments';

/** Under one item of the diff: what was said about it, and saying something. */
export function ItemComments({
  item,
  comments,
  onPost,
}: {
  item: CommentItem;
  comments: ProposalComment[];
  onPost: (body: string, item: CommentItem) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const about = commentsOn(comments, item);
  return (
    <div data-testid="item-comments">
      <CommentList comments={about} />
      {open ? (
        <CommentForm label="Comment on this item" onPost={(body) => onPost(body, item)} testId="item-comment" />
      ) : (
        <Button variant="ghost" onClick={() => setOpen(true)} data-testid="item-comment-open">
          {about.length > 0 ? 'Reply' : 'Comment on this item'}
        </Button>
      )}
    </div>
  );
}
