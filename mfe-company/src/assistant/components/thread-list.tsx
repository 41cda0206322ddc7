import type { ChatThreadSummary } from '@tracemap/contracts';

interface Props {
  threads: ChatThreadSummary[];
  current: string | null;
  onOpen(threadId: string | null): void;
}

/** The caller's own conversations, newest first, and a way to start another. */
export function ThreadList({ threads, current, onOpen }: Props) {
  return (
    <nav aria-label="Your conversations" data-testid="assistant-threads">
      <button type="button" className="tm-btn tm-btn--ghost" onClick={() => onOpen(null)}>
        New conversation
      </button>
      {threads.length === 0 ? <p className="co-muted">No conversations yet.</p> : null}
      <ul className="as-threads">
        {threads.map((thread) => (
          <li key={thread.id}>
            <button
              type="button"
              aria-current={thread.id === current}
              title={thread.title}
              onClick={() => onOpen(thread.id)}
              data-testid="assistant-thread"
            >
              {thread.title || 'Untitled conversation'}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
