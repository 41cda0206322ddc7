import { useCallback, useEffect, useState } from 'react';
import { getSupabase } from '@tracemap/shell-core';
import { verifyTotp } from '@tracemap/shell-core/login';
import { Button } from '@tracemap/ui';
import { TotpStep } from '../../login/totp-step';

type Enrolment = { factorId: string; qrCode: string; secret: string };
type State =
  | { kind: 'loading' }
  | { kind: 'off' }
  | { kind: 'on'; factorId: string }
  | { kind: 'enrolling'; enrolment: Enrolment };

const FRIENDLY_NAME = 'Authenticator app';

/** TOTP two-factor: enrol with a QR code (or the secret), confirm with a code, or turn it off. */
export function MfaSection() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const client = await getSupabase();
    const { data, error: listError } = await client.auth.mfa.listFactors();
    if (listError) return setError(listError.message);
    const verified = data.totp[0];
    setState(verified ? { kind: 'on', factorId: verified.id } : { kind: 'off' });
  }, []);

  useEffect(() => {
    load().catch(() => setError('Could not load your two-factor settings. Try again later.'));
  }, [load]);

  async function start() {
    setError(null);
    setMessage(null);
    const client = await getSupabase();
    // A setup that was never finished would block a new one with the same name.
    const { data } = await client.auth.mfa.listFactors();
    for (const f of data?.all ?? []) if (f.status === 'unverified') await client.auth.mfa.unenroll({ factorId: f.id });
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: FRIENDLY_NAME });
    if (enrolled.error) return setError(enrolled.error.message);
    setState({
      kind: 'enrolling',
      enrolment: { factorId: enrolled.data.id, qrCode: enrolled.data.totp.qr_code, secret: enrolled.data.totp.secret },
    });
  }

  async function turnOff(factorId: string) {
    setError(null);
    const client = await getSupabase();
    const { error: unenrollError } = await client.auth.mfa.unenroll({ factorId });
    if (unenrollError) return setError(unenrollError.message);
    setMessage('Two-factor authentication is off.');
    setState({ kind: 'off' });
  }

  return (
    <section
      className="au-section"
      aria-labelledby="account-mfa-title"
      data-testid="mfa-section"
      data-state={state.kind}
    >
      <h2 id="account-mfa-title">Two-factor authentication</h2>
      {state.kind === 'loading' ? <p aria-busy="true">Loading…</p> : null}
      {state.kind === 'off' ? (
        <>
          <p>Protect your account with a code from an authenticator app when you log in.</p>
          <Button variant="ghost" onClick={() => void start()} data-testid="mfa-start">
            Set up two-factor authentication
          </Button>
        </>
      ) : null}
      {state.kind === 'on' ? (
        <>
          <p data-testid="mfa-on">Two-factor authentication is on.</p>
          <Button variant="ghost" onClick={() => void turnOff(state.factorId)} data-testid="mfa-off">
            Turn off two-factor authentication
          </Button>
        </>
      ) : null}
      {state.kind === 'enrolling' ? (
        <>
          <p>
            Scan this QR code with your authenticator app, or enter the key by hand, then type the 6-digit code it
            shows.
          </p>
          <img
            className="au-qr"
            src={state.enrolment.qrCode}
            alt="QR code to add Tracemap to your authenticator app"
            data-testid="mfa-qr"
          />
          <p>
            Key:{' '}
            <span className="au-secret" data-testid="mfa-secret">
              {state.enrolment.secret}
            </span>
          </p>
          <TotpStep
            factorId={state.enrolment.factorId}
            verify={verifyTotp}
            submitLabel="Turn on two-factor authentication"
            onDone={() => {
              setMessage('Two-factor authentication is on.');
              setState({ kind: 'on', factorId: state.enrolment.factorId });
            }}
          />
        </>
      ) : null}
      <div role="status" aria-live="polite">
        {message}
      </div>
      <div role="alert">{error}</div>
    </section>
  );
}
