import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@tracemap/ui';

interface Props {
  busy: boolean;
  onAsk(question: string): void;
  autoFocus?: boolean;
}

/** The question box: Enter sends, Shift+Enter starts a new line. */
export function QuestionForm({ busy, onAsk, autoFocus }: Props) {
  const [text, setText] = useState('');
  const id = useId();
  const send = () => {
    if (busy || !text.trim()) return;
    onAsk(text);
    setText('');
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  return (
    <form className="as-form" onSubmit={onSubmit}>
      <label htmlFor={id} className="co-sr-only">
        Ask about your tracking plan
      </label>
      <textarea
        id={id}
        rows={2}
        value={text}
        maxLength={4000}
        placeholder="Ask about your tracking plan…"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        autoFocus={autoFocus}
        data-testid="assistant-input"
      />
      <Button type="submit" disabled={busy || !text.trim()} data-testid="assistant-send">
        {busy ? 'Answering…' : 'Ask'}
      </Button>
    </form>
  );
}
