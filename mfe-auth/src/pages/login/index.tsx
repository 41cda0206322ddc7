import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { logIn, verifyLoginTotp } from '@tracemap/shell-core/login';
import { safeRedirect, useNoticeStore } from '@tracemap/shell-core';
import { Button } from '@tracemap/ui';
import { AuthCard } from '../../components/auth-card';
import { Field } from '../../components/field';
import { FormStatus } from '../../components/form-status';
import { focusFirstError } from '../../lib/focus-first-error';
import { REQUIRED_PASSWORD, validateEmail } from '../../lib/validate';
import { ResendConfirmation } from './resend-confirmation';
import { TotpStep } from './totp-step';

type Errors = { email?: string | null; password?: string | null };

/** /login: email + password, then (if enrolled) a TOTP code; honours ?redirect=. */
export function LoginPage() {
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [mfaFactor, setMfaFactor] = useState<string | null>(null);

  useEffect(() => {
    setNotice(useNoticeStore.getState().take());
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Errors = { email: validateEmail(email), password: password ? null : REQUIRED_PASSWORD };
    setErrors(next);
    setFormError(null);
    setUnconfirmed(false);
    if (next.email || next.password) return focusFirstError(formRef.current);
    setBusy(true);
    const result = await logIn(email, password);
    setBusy(false);
    if (result.ok && result.mfa) return setMfaFactor(result.mfa.factorId);
    if (result.ok) return navigate(target, { replace: true });
    setFormError(result.message);
    setUnconfirmed(result.reason === 'unconfirmed');
    if (result.reason === 'invalid') setPassword('');
  }

  if (mfaFactor) {
    return (
      <AuthCard
        title="Two-factor authentication"
        intro="Enter the 6-digit code from your authenticator app."
        testId="login-mfa"
      >
        <TotpStep factorId={mfaFactor} verify={verifyLoginTotp} onDone={() => navigate(target, { replace: true })} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Log in to Tracemap"
      intro="Sign in with your work email to reach your company's tracking plan."
      testId="login-page"
    >
      {notice ? (
        <p className="au-status au-status--error" data-testid="login-notice">
          {notice}
        </p>
      ) : null}
      {params.get('redirect') ? (
        <p className="au-hint" data-testid="login-redirect">
          After logging in you will return to {target}.
        </p>
      ) : null}
      <form ref={formRef} className="au-form" noValidate onSubmit={submit} aria-label="Log in" data-testid="login-form">
        <Field
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={errors.email}
          required
        />
        <Field
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          required
        />
        <FormStatus error={formError} success={busy ? 'Logging in…' : null} testId="login" />
        {unconfirmed ? <ResendConfirmation email={email} /> : null}
        <Button type="submit" disabled={busy} data-testid="login-submit">
          Log in
        </Button>
      </form>
      <p className="au-links">
        <Link to="/register">Create an account</Link>
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
    </AuthCard>
  );
}
