import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  authedFetch,
  ApiError,
  getSupabase,
  invalidateSync,
  landingLocation,
  useUserStore,
} from '@tracemap/shell-core';
import { AuthCard } from '../../components/auth-card';
import { confirmLanding, type Landing } from './confirm-landing';

type State =
  | { kind: 'working' }
  | { kind: 'confirmed'; signedIn: boolean; email?: string }
  | { kind: 'error'; message: string }
  | { kind: 'waiting' };

/** Confirms the address with auth's answer, then tells the account service (verify-email). */
async function recordConfirmation(email: string, token: string): Promise<void> {
  await authedFetch('/api/account/verify-email', { method: 'POST', body: { email }, token, silent: true });
  invalidateSync();
  useUserStore.getState().patchUser({ emailConfirmed: true });
}

async function run(landing: Landing): Promise<State> {
  if (landing.kind === 'none') return { kind: 'waiting' };
  if (landing.kind === 'error') return { kind: 'error', message: landing.message };
  const client = await getSupabase();
  let session = null;
  if (landing.kind === 'token') {
    let result = await client.auth.verifyOtp({ type: 'signup', token_hash: landing.tokenHash });
    if (result.error) result = await client.auth.verifyOtp({ type: 'email', token_hash: landing.tokenHash });
    if (result.error) return { kind: 'error', message: result.error.message };
    session = result.data.session;
  } else {
    // The client exchanges ?code= itself on start when this browser holds the code verifier.
    session = (await client.auth.getSession()).data.session;
    if (!session) {
      const exchanged = await client.auth.exchangeCodeForSession(landing.code);
      session = exchanged.data.session;
    }
    // A code is only issued after auth consumed a valid link, so the address is confirmed
    // even when another browser holds the verifier and no session can be made here.
    if (!session) return { kind: 'confirmed', signedIn: false };
  }
  if (!session?.user?.email) return { kind: 'confirmed', signedIn: false };
  try {
    await recordConfirmation(session.user.email, session.access_token);
  } catch (err) {
    return {
      kind: 'error',
      message: err instanceof ApiError ? err.message : 'Could not confirm your email. Try again later.',
    };
  }
  return { kind: 'confirmed', signedIn: true, email: session.user.email };
}

/** /confirm-email/{token} and /confirm-email (?code= or an error fragment from the link). */
export function ConfirmEmailPage() {
  const { id } = useParams();
  const [state, setState] = useState<State>({ kind: 'working' });

  useEffect(() => {
    let alive = true;
    // The client may already have taken ?code= out of the address; the landing URL still has it.
    const opened = landingLocation();
    const here = opened.pathname === window.location.pathname ? opened : window.location;
    const landing = confirmLanding(id, here.search, here.hash);
    run(landing).then(
      (s) => alive && setState(s),
      () => alive && setState({ kind: 'error', message: 'Could not confirm your email. Try again later.' }),
    );
    return () => {
      alive = false;
    };
  }, [id]);

  return (
    <AuthCard title="Confirm your email" testId="confirm-page">
      <div role="status" aria-live="polite" data-testid="confirm-state" data-state={state.kind}>
        {state.kind === 'working' ? <p>Confirming your email…</p> : null}
        {state.kind === 'waiting' ? (
          <p>Check your inbox for the confirmation email we sent you and open its link.</p>
        ) : null}
        {state.kind === 'confirmed' ? (
          <p className="au-status au-status--ok" data-testid="confirm-done">
            Your email address is confirmed.{state.signedIn ? ' You are logged in.' : ' You can now log in.'}
          </p>
        ) : null}
      </div>
      {state.kind === 'error' ? (
        <p className="au-status au-status--error" role="alert" data-testid="confirm-error">
          {state.message}
        </p>
      ) : null}
      <p className="au-links">
        {state.kind === 'confirmed' && state.signedIn ? (
          <Link to="/company">Continue to your companies</Link>
        ) : (
          <Link to="/login">Log in</Link>
        )}
      </p>
    </AuthCard>
  );
}
