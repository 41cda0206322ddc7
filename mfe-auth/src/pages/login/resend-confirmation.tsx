import { useState } from 'react';
import { getSupabase } from '@tracemap/shell-core';
import { normalizeEmail } from '@tracemap/shell-core/login';
import { Button } from '@tracemap/ui';
import { confirmEmailRedirect } from '../../lib/redirect-urls';

/** Offered when login says the email is not confirmed: sends the confirmation email again. */
export function ResendConfirmation({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | string>('idle');
  async function resend() {
    setState('sending');
    try {
      const client = await getSupabase();
      const { error } = await client.auth.resend({
        type: 'signup',
        email: normalizeEmail(email),
        options: { emailRedirectTo: confirmEmailRedirect() },
      });
      setState(error ? error.message : 'sent');
    } catch {
      setState('Could not send the email. Try again later.');
    }
  }
  return (
    <div role="status" aria-live="polite">
      {state === 'sent' ? (
        <p data-testid="resend-sent">We sent a new confirmation email. Check your inbox.</p>
      ) : (
        <Button variant="ghost" onClick={resend} disabled={state === 'sending'} data-testid="resend-confirmation">
          Send the confirmation email again
        </Button>
      )}
      {state !== 'idle' && state !== 'sending' && state !== 'sent' ? <p className="au-error">{state}</p> : null}
    </div>
  );
}
