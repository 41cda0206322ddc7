import { Link } from 'react-router';

interface Props {
  companyId: string;
  questions: string[];
  hasSource: boolean | null;
  busy: boolean;
  onAsk(question: string): void;
}

/** An empty conversation: questions about this company's plan to start with, and how to add traffic. */
export function ChatStart({ companyId, questions, hasSource, busy, onAsk }: Props) {
  return (
    <div className="as-start">
      {hasSource === false ? (
        <div className="as-empty" data-testid="assistant-connect-source">
          <p>
            <strong>Connect a data source</strong> to ask what your apps really send: which planned events were never
            seen, what is wrong with an event, how often it fires.
          </p>
          <Link to={`/company/${encodeURIComponent(companyId)}/analytics-discovery?tab=sources`}>Open Sources</Link>
          <p className="co-muted">Questions about the plan itself work already.</p>
        </div>
      ) : null}
      {questions.length > 0 ? (
        <div>
          <p className="co-muted" id="assistant-suggestions-label">
            Try asking
          </p>
          <ul className="as-suggestions" aria-labelledby="assistant-suggestions-label">
            {questions.map((question) => (
              <li key={question}>
                <button
                  type="button"
                  className="as-suggestion"
                  disabled={busy}
                  onClick={() => onAsk(question)}
                  data-testid="assistant-suggestion"
                >
                  {question}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
