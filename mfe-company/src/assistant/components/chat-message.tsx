import { useMemo, useState } from 'react';
import type { ShownMessage } from '../hooks/use-chat';
import { draftedChanges } from '../logic/drafted-change';
import { AnswerBody } from './answer-body';
import { DraftCard } from './draft-card';
import { QueryTable } from './query-table';

/**
 * One question or answer; an answer says whether it was checked and whether a model wrote it,
 * and shows the changes it drafted, which editors (`canApply`) can add to a proposal.
 */
export function ChatMessageView({
  companyId,
  threadId,
  message,
  canApply,
}: {
  companyId: string;
  threadId: string | null;
  message: ShownMessage;
  canApply: boolean;
}) {
  const [query, setQuery] = useState<string | null>(null);
  const drafts = useMemo(() => draftedChanges(message.toolCalls), [message.toolCalls]);
  if (message.role === 'user') {
    return (
      <li className="as-msg as-msg--user" data-testid="assistant-question">
        <span className="co-sr-only">You asked: </span>
        {message.content}
      </li>
    );
  }
  const unverified = message.grounding !== null && !message.grounding.verified;
  return (
    <li
      className="as-msg as-msg--answer"
      data-testid="assistant-answer"
      data-state={message.streaming ? 'streaming' : 'done'}
      aria-busy={message.streaming ? true : undefined}
    >
      <span className="co-sr-only">The assistant answered: </span>
      {message.content ? (
        <AnswerBody companyId={companyId} content={message.content} onOpenQuery={setQuery} />
      ) : (
        <p className="co-muted">Looking it up…</p>
      )}
      {!message.streaming ? (
        <p className="as-badges">
          {message.mode === 'offline' ? (
            <span
              className="as-badge"
              data-testid="assistant-offline"
              title="No model is connected: answered from the plan and discovery data by fixed rules"
            >
              Offline answer
            </span>
          ) : null}
          {unverified ? (
            <span
              className="as-badge as-badge--warn"
              data-testid="assistant-unverified"
              title="Some figures were not found in what the assistant looked up; they are struck through"
            >
              Unverified
            </span>
          ) : null}
        </p>
      ) : null}
      {!message.streaming
        ? drafts.map((draft) => (
            <DraftCard key={draft.id} companyId={companyId} threadId={threadId} draft={draft} canApply={canApply} />
          ))
        : null}
      {query ? (
        <div className="as-query-wrap">
          <button type="button" className="as-link" onClick={() => setQuery(null)}>
            Close the table
          </button>
          <QueryTable companyId={companyId} queryId={query} />
        </div>
      ) : null}
    </li>
  );
}
