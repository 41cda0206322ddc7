import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { newIdempotencyKey } from '@tracemap/shell-core';
import { sendBugReport, sendFeedback, supportContextFromPath } from '@tracemap/shell-core/support';
import { Button } from '@tracemap/ui';

export type SupportKind = 'bug' | 'feedback';

const BUG_TYPES = [
  { value: 'broken', label: 'Something is broken' },
  { value: 'wrong_data', label: 'Wrong data' },
  { value: 'slow', label: 'Slow' },
  { value: 'other', label: 'Other' },
];

/** One form for both: a bug report (type, description, where) or feedback (text). Confirms in place. */
export function SupportForm({ kind, onClose }: { kind: SupportKind; onClose(): void }) {
  const { pathname } = useLocation();
  const [bugType, setBugType] = useState('broken');
  const [text, setText] = useState('');
  const [state, setState] = useState<'editing' | 'sending' | 'sent' | 'failed'>('editing');
  const [error, setError] = useState('');
  // One key per form: a double submit or a retry files one message.
  const [key] = useState(newIdempotencyKey);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    setState('sending');
    try {
      if (kind === 'bug') {
        const where = supportContextFromPath(pathname);
        await sendBugReport(
          {
            bugType,
            description: text,
            bugUrl: window.location.href,
            submissionUrl: window.location.href,
            userAgent: navigator.userAgent.slice(0, 1024),
            ...where,
          },
          key,
        );
      } else {
        await sendFeedback(text, key);
      }
      setState('sent');
    } catch (e) {
      setError((e as Error).message);
      setState('failed');
    }
  }

  if (state === 'sent') {
    return (
      <div>
        <p className="sh-support__done" role="status" data-testid="support-sent">
          {kind === 'bug'
            ? 'Thanks — your bug report was sent to the Tracemap team.'
            : 'Thanks — your feedback was sent to the Tracemap team.'}
        </p>
        <div className="sh-support__actions">
          <Button onClick={onClose}>Close</Button>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={submit} data-testid={`support-form-${kind}`}>
      <h2>{kind === 'bug' ? 'Report a bug' : 'Send feedback'}</h2>
      {kind === 'bug' && (
        <>
          <label htmlFor="support-bug-type">What kind of problem?</label>
          <select
            id="support-bug-type"
            data-testid="support-bug-type"
            value={bugType}
            onChange={(e) => setBugType(e.target.value)}
          >
            {BUG_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </>
      )}
      <label htmlFor="support-text">{kind === 'bug' ? 'What happened?' : 'Your feedback'}</label>
      <textarea
        id="support-text"
        data-testid="support-text"
        maxLength={10000}
        required
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {state === 'failed' && (
        <p className="sh-support__error" role="alert">
          {error}
        </p>
      )}
      <div className="sh-support__actions">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" data-testid="support-submit" disabled={state === 'sending'}>
          {state === 'sending' ? 'Sending…' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
