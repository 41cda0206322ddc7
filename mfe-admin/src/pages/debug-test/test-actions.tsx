import { useState } from 'react';
import { raiseAdminTestError, sendAdminTestEmail } from '@tracemap/shell-core/admin';
import { useUserStore } from '@tracemap/shell-core';
import { Button } from '@tracemap/ui';
import { ResultLine } from '../../shared/result-line';
import { useAction } from '../../shared/use-load';

/** A test email through the outbox, and an error raised on purpose to follow in the logs by its request id. */
export function TestActions() {
  const me = useUserStore((s) => s.user);
  const [to, setTo] = useState(me?.email ?? '');
  const email = useAction();
  const failure = useAction();
  return (
    <div className="adm-section">
      <h2>Tests</h2>
      <form
        className="adm-row"
        onSubmit={(e) => {
          e.preventDefault();
          void email.run(async () => `Test email queued (${(await sendAdminTestEmail(to.trim())).id}).`);
        }}
      >
        <input
          className="adm-input"
          type="email"
          required
          aria-label="Send a test email to"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <Button type="submit" disabled={email.busy}>
          Send test email
        </Button>
      </form>
      <ResultLine result={email.result} testId="debug-email-result" />
      <Button
        variant="ghost"
        disabled={failure.busy}
        data-testid="debug-raise-error"
        onClick={() =>
          failure.run(async () => {
            const answer = await raiseAdminTestError();
            return `The server answered ${answer.statusCode} “${answer.message}”; find it in the logs under request id ${answer.requestId ?? 'unknown'}.`;
          })
        }
      >
        Raise a test error
      </Button>
      <ResultLine result={failure.result} testId="debug-error-result" />
    </div>
  );
}
