import { useState } from 'react';
import { getSupabase, type CurrentUser } from '@tracemap/shell-core';
import { Button } from '@tracemap/ui';
import { confirmEmailRedirect } from '../../../lib/redirect-urls';

/** The sign-in email and whether it is confirmed; resend the confirmation when it is not. */
export function EmailSection({ user }: { user: CurrentUser }) {
  const [status, setStatus] = useState<string | null>(null);
  async function resend() {
    setStatus('Sending…');
    try {
      const client = await getSupabase();
      const { error } = await client.auth.resend({
        type: 'signup',
        email: user.email,
        options: { emailRedirectTo: confirmEmailRedirect() },
      });
      setStatus(error ? error.message : 'We sent a new confirmation email. Check your inbox.');
    } catch {
      setStatus('Could not send the email. Try again later.');
    }
  }
  return (
    <section className="au-section" aria-labelledby="account-email-title">
      <h2 id="account-email-title">Email</h2>
      <p data-testid="account-email">{user.email}</p>
      <p data-testid="account-email-status" data-confirmed={user.emailConfirmed ? 'true' : 'false'}>
        {user.emailConfirmed ? 'Confirmed' : 'Not confirmed yet'}
      </p>
      {user.emailConfirmed ? null : (
        <Button variant="ghost" onClick={resend} data-testid="account-resend">
          Send the confirmation email again
        </Button>
      )}
      <p role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}
