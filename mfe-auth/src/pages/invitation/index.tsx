import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, useSessionStore, type InvitationDetails } from '@tracemap/shell-core';
import { ROLE_LABELS } from '@tracemap/shell-core/roles';
import { getInvitationDetails } from '@tracemap/shell-core/company-api';
import { ExistingUser } from './existing-user';
import { NewUserForm } from './new-user-form';

type Load =
  | { status: 'loading' }
  | { status: 'ready'; invitation: InvitationDetails }
  | { status: 'error'; message: string; gone: boolean };

/**
 * /invitation/{id}: shows company, inviter and role. The email link carries `?token=` (the
 * one-time code): a new user sets a password and joins; an existing user logs in with the
 * invited email and accepts.
 */
export function InvitationPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [mode, setMode] = useState<'new' | 'existing'>(token ? 'new' : 'existing');
  const signedInEmail = useSessionStore((s) => s.session?.email ?? null);

  useEffect(() => {
    let alive = true;
    getInvitationDetails(id).then(
      (invitation) => alive && setLoad({ status: 'ready', invitation }),
      (error: unknown) => {
        if (!alive) return;
        const api = error instanceof ApiError ? error : null;
        setLoad({
          status: 'error',
          message: api?.message ?? 'Could not load the invitation. Try again later.',
          gone: api?.statusCode === 410,
        });
      },
    );
    return () => {
      alive = false;
    };
  }, [id]);

  const joined = (companyId: string) => navigate(`/company/${companyId}`, { replace: true });

  if (load.status === 'loading') {
    return (
      <section className="tm-page tm-container" aria-busy="true" data-testid="invitation-loading">
        <p>Loading the invitation…</p>
      </section>
    );
  }
  if (load.status === 'error') {
    return (
      <section className="tm-page tm-container" data-testid="invitation-error" data-gone={load.gone}>
        <h1>Invitation</h1>
        <p role="alert" data-testid="invitation-error-message">
          {load.message}
        </p>
        <p>
          Ask the company admin to send you a new invitation. <Link to="/">Go to Tracemap</Link>
        </p>
      </section>
    );
  }

  const { invitation } = load;
  // Already signed in with the invited email: nothing to create, just accept.
  const signedInAsInvitee = signedInEmail?.toLowerCase() === invitation.email.toLowerCase();
  const showNew = mode === 'new' && !!token && !signedInAsInvitee;
  return (
    <section className="tm-page tm-container" data-testid="invitation-page">
      <h1>Join {invitation.companyName ?? 'a company'} on Tracemap</h1>
      <dl
        data-testid="invitation-details"
        style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px' }}
      >
        <dt>Company</dt>
        <dd data-testid="invitation-company">{invitation.companyName ?? '—'}</dd>
        <dt>Invited by</dt>
        <dd data-testid="invitation-inviter">{invitation.inviterName ?? 'A company admin'}</dd>
        <dt>Role</dt>
        <dd data-testid="invitation-role">{ROLE_LABELS[invitation.role]}</dd>
        <dt>Email</dt>
        <dd data-testid="invitation-email">{invitation.email}</dd>
      </dl>
      {showNew && token ? (
        <NewUserForm
          invitation={invitation}
          token={token}
          onJoined={joined}
          onAccountExists={() => setMode('existing')}
        />
      ) : (
        <ExistingUser invitation={invitation} signedInEmail={signedInEmail} onJoined={joined} />
      )}
      {token && !signedInAsInvitee ? (
        <p>
          {showNew ? (
            <button
              type="button"
              className="tm-btn tm-btn--ghost"
              onClick={() => setMode('existing')}
              data-testid="invitation-have-account"
            >
              I already have a Tracemap account
            </button>
          ) : (
            <button
              type="button"
              className="tm-btn tm-btn--ghost"
              onClick={() => setMode('new')}
              data-testid="invitation-new-account"
            >
              I am new to Tracemap
            </button>
          )}
        </p>
      ) : null}
    </section>
  );
}
