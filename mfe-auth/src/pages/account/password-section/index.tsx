import { useRef, useState, type FormEvent } from 'react';
import { getSupabase } from '@tracemap/shell-core';
import { Button } from '@tracemap/ui';
import { Field } from '../../../components/field';
import { FormStatus } from '../../../components/form-status';
import { focusFirstError } from '../../../lib/focus-first-error';
import { PASSWORDS_DIFFER, REQUIRED_PASSWORD, validateNewPassword } from '../../../lib/validate';

type Errors = { current?: string | null; next?: string | null; repeat?: string | null };

/** Password change with the current password (supabase updateUser; other sessions end). */
export function PasswordSection({ email }: { email: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Errors = {
      current: current ? null : REQUIRED_PASSWORD,
      next: validateNewPassword(next),
      repeat: repeat === next ? null : PASSWORDS_DIFFER,
    };
    setErrors(found);
    setFormError(null);
    setSaved(null);
    if (found.current || found.next || found.repeat) return focusFirstError(formRef.current);
    setBusy(true);
    try {
      const client = await getSupabase();
      const { error } = await client.auth.updateUser({ password: next, current_password: current });
      if (error) {
        if (/current password/i.test(error.message)) setErrors({ current: error.message });
        else if (/password/i.test(error.message)) setErrors({ next: error.message });
        else setFormError(error.message);
        focusFirstError(formRef.current);
        return;
      }
      setCurrent('');
      setNext('');
      setRepeat('');
      setSaved('Your password has been changed. Other devices have been signed out.');
    } catch {
      setFormError('Could not change your password. Try again later.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="au-section" aria-labelledby="account-password-title">
      <h2 id="account-password-title">Password</h2>
      <form ref={formRef} className="au-form" noValidate onSubmit={submit} data-testid="password-form">
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field
          id="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
          error={errors.current}
        />
        <Field
          id="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={setNext}
          error={errors.next}
          hint="At least 10 characters."
        />
        <Field
          id="repeatPassword"
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={setRepeat}
          error={errors.repeat}
        />
        <FormStatus error={formError} success={saved} testId="password" />
        <div>
          <Button type="submit" disabled={busy} data-testid="password-submit">
            Change password
          </Button>
        </div>
      </form>
    </section>
  );
}
