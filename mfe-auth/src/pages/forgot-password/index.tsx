import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { apiFetch, ApiError } from '@tracemap/shell-core';
import { normalizeEmail } from '@tracemap/shell-core/login';
import { Button } from '@tracemap/ui';
import { AuthCard } from '../../components/auth-card';
import { Field } from '../../components/field';
import { FormStatus } from '../../components/form-status';
import { focusFirstError } from '../../lib/focus-first-error';
import { validateEmail } from '../../lib/validate';

/** /forgot-password: asks the account service to email a reset link (same answer for any address). */
export function ForgotPasswordPage() {
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const fieldError = validateEmail(email);
    setError(fieldError);
    setFormError(null);
    if (fieldError) return focusFirstError(formRef.current);
    setBusy(true);
    try {
      const res = await apiFetch<{ message?: string }>('/api/account/forgot-password', {
        method: 'POST',
        body: { email: normalizeEmail(email) },
      });
      setDone(res?.message ?? 'If an account exists for this email, we sent a link to reset the password.');
    } catch (err) {
      setFormError(err instanceof ApiError ? err.message : 'Could not send the reset email. Try again later.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Forgot your password?"
      intro="We will email you a link to choose a new password."
      testId="forgot-page"
    >
      {done ? (
        <p className="au-status au-status--ok" role="status" data-testid="forgot-done">
          {done}
        </p>
      ) : (
        <form
          ref={formRef}
          className="au-form"
          noValidate
          onSubmit={submit}
          aria-label="Reset password"
          data-testid="forgot-form"
        >
          <Field
            id="email"
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            error={error}
            required
          />
          <FormStatus error={formError} success={busy ? 'Sending…' : null} testId="forgot" />
          <Button type="submit" disabled={busy} data-testid="forgot-submit">
            Send reset link
          </Button>
        </form>
      )}
      <p className="au-links">
        <Link to="/login">Back to log in</Link>
      </p>
    </AuthCard>
  );
}
