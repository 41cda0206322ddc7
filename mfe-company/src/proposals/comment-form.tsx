import { useState } from 'react';
import { Button } from '@tracemap/ui';
import { ApiErrorMessage } from '../components/api-error';
import { useAction } from '../hooks/use-action';

/** A comment box; the text stays when posting fails. */
export function CommentForm({
  label,
  onPost,
  testId,
}: {
  label: string;
  onPost: (body: string) => Promise<void>;
  testId: string;
}) {
  const [body, setBody] = useState('');
  const { busy, error, run } = useAction();
  const post = async () => {
    const done = await run(async () => {
      await onPost(body.trim());
      return true;
    });
    if (done) setBody('');
  };
  return (
    <div className="co-form" style={{ maxWidth: 'none' }} data-testid={testId}>
      <label>
        {label}
        <textarea rows={2} value={body} onChange={(e) => setBody(e.target.value)} data-testid={`${testId}-input`} />
      </label>
      <div>
        <Button disabled={busy || !body.trim()} onClick={() => void post()} data-testid={`${testId}-submit`}>
          Comment
        </Button>
      </div>
      <ApiErrorMessage error={error} testId={`${testId}-error`} />
    </div>
  );
}
