import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { establishUser, getSupabase, MESSAGES } from '@tracemap/shell-core';
import { normalizeEmail } from '@tracemap/shell-core/login';
import { Button } from '@tracemap/ui';
import { AuthCard } from '../../components/auth-card';
import { Field } from '../../components/field';
import { FormStatus } from '../../components/form-status';
import { focusFirstError } from '../../lib/focus-first-error';
import { confirmEmailRedirect } from '../../lib/redirect-urls';
import { signupErrorField, validateEmail, validateNames, validateNewPassword } from '../../lib/validate';

type Errors = { firstName?: string | null; email?: string | null; password?: string | null };

/** /register: names, email and password; then "check your inbox". */
export function RegisterPage() {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Errors = {
      firstName: validateNames(firstName, lastName),
      email: validateEmail(email),
      password: validateNewPassword(password),
    };
    setErrors(next);
    setServerError(null);
    if (next.firstName || next.email || next.password) return focusFirstError(formRef.current);
    setBusy(true);
    const address = normalizeEmail(email);
    try {
      const client = await getSupabase();
      const { data, error } = await client.auth.signUp({
        email: address,
        password,
        options: {
          emailRedirectTo: confirmEmailRedirect(),
          data: { first_name: firstName.trim(), last_name: lastName.trim() },
        },
      });
      if (error) {
        const field = signupErrorField(error.message);
        if (field === 'server') setServerError(error.message);
        else setErrors({ [field]: error.message });
        if (field !== 'server') focusFirstError(formRef.current);
        return;
      }
      if (data.session) {
        // Instances that confirm automatically answer with a session: go straight in.
        await establishUser(data.session.access_token);
        return navigate('/company', { replace: true });
      }
      setSentTo(address);
    } catch {
      setServerError('Could not create your account. Try again later.');
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <AuthCard title="Check your inbox" testId="register-done">
        <p role="status" data-testid="register-sent">
          We sent a confirmation link to <strong>{sentTo}</strong>. Open it to confirm your email, then log in.
        </p>
        <p className="au-links">
          <Link to="/login">Go to log in</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your Tracemap account"
      intro="Register, confirm your email, then create or join a company workspace."
      testId="register-page"
    >
      <form
        ref={formRef}
        className="au-form"
        noValidate
        onSubmit={submit}
        aria-label="Create account"
        data-testid="register-form"
      >
        <div className="au-row">
          <Field
            id="firstName"
            label="First name"
            autoComplete="given-name"
            value={firstName}
            onChange={setFirstName}
            error={errors.firstName}
            required
          />
          <Field
            id="lastName"
            label="Last name"
            autoComplete="family-name"
            value={lastName}
            onChange={setLastName}
            error={errors.firstName && !lastName.trim() ? MESSAGES.nameRequired : null}
            required
          />
        </div>
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
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          hint="At least 10 characters. A long passphrase is best."
          required
        />
        <FormStatus error={serverError} success={busy ? 'Creating your account…' : null} testId="register" />
        <Button type="submit" disabled={busy} data-testid="register-submit">
          Create account
        </Button>
      </form>
      <p className="au-links">
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </AuthCard>
  );
}
