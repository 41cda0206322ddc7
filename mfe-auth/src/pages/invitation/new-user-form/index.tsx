import { useState, type FormEvent } from 'react';
import { Button } from '@tracemap/ui';
import type { InvitationDetails } from '@tracemap/shell-core';
import { joinAsNewUser } from '../invitation-actions';

interface Props {
  invitation: InvitationDetails;
  token: string;
  onJoined: (companyId: string) => void;
  onAccountExists: () => void;
}

/** New to Tracemap: names (prefilled from the invitation) and a password; the email is the invited one. */
export function NewUserForm({ invitation, token, onJoined, onAccountExists }: Props) {
  const [firstName, setFirstName] = useState(invitation.firstName);
  const [lastName, setLastName] = useState(invitation.lastName);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<{ message: string; accountExists?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!firstName.trim() || !lastName.trim()) return setError({ message: 'First name and last name are required' });
    if (!password) return setError({ message: 'Choose a password' });
    if (password !== confirm) return setError({ message: 'The passwords do not match' });
    setBusy(true);
    setError(null);
    const result = await joinAsNewUser(invitation, {
      token,
      password,
      firstName: firstName.trim(),
      lastName: lastName.trim(),
    });
    setBusy(false);
    if (result.ok) onJoined(result.companyId);
    else setError(result);
  }

  const errorId = 'invitation-new-error';
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-describedby={error ? errorId : undefined}
      data-testid="invitation-new-form"
      style={{ display: 'grid', gap: 12, maxWidth: 420 }}
    >
      <h2 style={{ margin: 0 }}>Create your account</h2>
      <label style={{ display: 'grid', gap: 4 }}>
        First name
        <input
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
          autoComplete="given-name"
          maxLength={100}
          data-testid="invitation-first-name"
        />
      </label>
      <label style={{ display: 'grid', gap: 4 }}>
        Last name
        <input
          value={lastName}
          onChange={(e) => setLastName(e.target.value)}
          autoComplete="family-name"
          maxLength={100}
          data-testid="invitation-last-name"
        />
      </label>
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
          autoComplete="new-password"
          data-testid="invitation-password"
        />
      </label>
      <label style={{ display: 'grid', gap: 4 }}>
        Confirm password
        <input
          type="password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          autoComplete="new-password"
          data-testid="invitation-password-confirm"
        />
      </label>
      {error ? (
        <p id={errorId} role="alert" style={{ color: '#b91c1c' }} data-testid="invitation-form-error">
          {error.message}{' '}
          {error.accountExists ? (
            <button type="button" className="tm-btn tm-btn--ghost" onClick={onAccountExists}>
              Log in instead
            </button>
          ) : null}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={busy} data-testid="invitation-accept-new">
          {busy ? 'Joining…' : 'Accept invitation'}
        </Button>
      </div>
    </form>
  );
}
