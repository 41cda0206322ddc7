import { useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import {
  apiFetch,
  ApiError,
  getSupabase,
  peekRecoveryTokens,
  RECOVERY_LINK_PATH,
  resetStores,
  useSessionStore,
} from '@tracemap/shell-core';
import { resetWithRecoverySession } from '@tracemap/shell-core/recovery-reset';
import { Button } from '@tracemap/ui';
import { AuthCard } from '../../components/auth-card';
import { Field } from '../../components/field';
import { FormStatus } from '../../components/form-status';
import { focusFirstError } from '../../lib/focus-first-error';
import { PASSWORDS_DIFFER, validateNewPassword } from '../../lib/validate';

const LINK_ID = RECOVERY_LINK_PATH.split('/').pop();
export const LINK_USED = 'This reset link has already been used or has expired. Request a new one.';
const DONE = 'Your password has been reset. You can now log in with your new password.';

/**
 * /reset-password/{id}: id is the recovery token from the email (sent to
 * POST /api/account/reset-password), or `link` when the shell captured a recovery session.
 */
export function ResetPasswordPage() {
  const { id = '' } = useParams();
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [logoutDevices, setLogoutDevices] = useState(true);
  const [errors, setErrors] = useState<{ password?: string | null; confirm?: string | null }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sessionMode = id === LINK_ID;
  const tokens = sessionMode ? peekRecoveryTokens() : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next = { password: validateNewPassword(password), confirm: confirm === password ? null : PASSWORDS_DIFFER };
    setErrors(next);
    setFormError(null);
    if (next.password || next.confirm) return focusFirstError(formRef.current);
    setBusy(true);
    try {
      if (sessionMode) {
        if (!tokens) throw new Error(LINK_USED);
        await resetWithRecoverySession(tokens, password);
        setDone(DONE);
      } else {
        const res = await apiFetch<{ message?: string }>('/api/account/reset-password', {
          method: 'POST',
          body: { token: id, newPassword: password, logoutDevices },
        });
        setDone(res?.message ?? DONE);
      }
      // Any session this browser held belongs to the old password.
      if (useSessionStore.getState().status === 'authenticated') {
        await (await getSupabase()).auth.signOut({ scope: 'local' }).catch(() => undefined);
        resetStores();
      }
    } catch (err) {
      const message =
        err instanceof ApiError || err instanceof Error
          ? err.message
          : 'Could not reset your password. Try again later.';
      if (/password/i.test(message) && !/link|token|expired/i.test(message)) {
        setErrors({ password: message });
        focusFirstError(formRef.current);
      } else setFormError(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Choose a new password" testId="reset-page">
      <meta name="referrer" content="no-referrer" />
      {done ? (
        <>
          <p className="au-status au-status--ok" role="status" data-testid="reset-done">
            {done}
          </p>
          <p className="au-links">
            <Link to="/login">Log in</Link>
          </p>
        </>
      ) : sessionMode && !tokens ? (
        <>
          <p className="au-status au-status--error" role="alert" data-testid="reset-link-used">
            {LINK_USED}
          </p>
          <p className="au-links">
            <Link to="/forgot-password">Request a new link</Link>
          </p>
        </>
      ) : (
        <form
          ref={formRef}
          className="au-form"
          noValidate
          onSubmit={submit}
          aria-label="Choose a new password"
          data-testid="reset-form"
        >
          <Field
            id="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={errors.password}
            hint="At least 10 characters."
            required
          />
          <Field
            id="confirm"
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={setConfirm}
            error={errors.confirm}
            required
          />
          {sessionMode ? null : (
            <label className="au-check">
              <input
                type="checkbox"
                checked={logoutDevices}
                onChange={(e) => setLogoutDevices(e.target.checked)}
                data-testid="reset-logout-devices"
              />
              Sign out of all devices
            </label>
          )}
          <FormStatus error={formError} success={busy ? 'Saving…' : null} testId="reset" />
          <Button type="submit" disabled={busy} data-testid="reset-submit">
            Set new password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
