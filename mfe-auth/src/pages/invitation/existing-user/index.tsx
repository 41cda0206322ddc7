import { useState, type FormEvent } from 'react';
import { Button } from '@tracemap/ui';
import type { InvitationDetails } from '@tracemap/shell-core';
import { joinAsExistingUser, logInAndJoin } from '../invitation-actions';

interface Props {
  invitation: InvitationDetails;
  /** Email of the session in this browser, if any. */
  signedInEmail: string | null;
  onJoined: (companyId: string) => void;
}

/** Already on Tracemap: log in with the invited email (unless already signed in with it), then accept. */
export function ExistingUser({ invitation, signedInEmail, onJoined }: Props) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const names = { firstName: invitation.firstName, lastName: invitation.lastName };
  const sameUser = signedInEmail?.toLowerCase() === invitation.email.toLowerCase();

  async function finish(action: () => ReturnType<typeof joinAsExistingUser>) {
    setBusy(true);
    setError(null);
    const result = await action();
    setBusy(false);
    if (result.ok) onJoined(result.companyId);
    else setError(result.message);
  }

  const errorLine = error ? (
    <p role="alert" style={{ color: '#b91c1c' }} data-testid="invitation-form-error">
      {error}
    </p>
  ) : null;

  if (sameUser) {
    return (
      <div data-testid="invitation-existing" style={{ display: 'grid', gap: 12, maxWidth: 420 }}>
        <p>You are signed in as {signedInEmail}.</p>
        {errorLine}
        <div>
          <Button
            disabled={busy}
            onClick={() => finish(() => joinAsExistingUser(invitation, names))}
            data-testid="invitation-accept-existing"
          >
            {busy ? 'Joining…' : 'Accept invitation'}
          </Button>
        </div>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Enter your password');
    void finish(() => logInAndJoin(invitation, password, names));
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      data-testid="invitation-existing"
      style={{ display: 'grid', gap: 12, maxWidth: 420 }}
    >
      <h2 style={{ margin: 0 }}>Log in to accept</h2>
      {signedInEmail ? (
        <p>
          You are signed in as {signedInEmail}; this invitation is for {invitation.email}. Logging in switches account.
        </p>
      ) : null}
      <label style={{ display: 'grid', gap: 4 }}>
        Email
        <input value={invitation.email} readOnly autoComplete="username" />
      </label>
      <label style={{ display: 'grid', gap: 4 }}>
        Password
        <input
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          data-testid="invitation-login-password"
        />
      </label>
      {errorLine}
      <div>
        <Button type="submit" disabled={busy} data-testid="invitation-login-accept">
          {busy ? 'Joining…' : 'Log in and accept'}
        </Button>
      </div>
    </form>
  );
}
