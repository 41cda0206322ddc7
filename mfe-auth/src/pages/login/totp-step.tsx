import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@tracemap/ui';
import { Field } from '../../components/field';
import { FormStatus } from '../../components/form-status';
import { focusFirstError } from '../../lib/focus-first-error';

type Verify = (factorId: string, code: string) => Promise<{ ok: true } | { ok: false; message: string }>;

export const CODE_FORMAT = 'Enter the 6-digit code from your authenticator app.';

/** A TOTP code form (login second step and enrolment check). */
export function TotpStep({
  factorId,
  verify,
  onDone,
  submitLabel = 'Verify',
}: {
  factorId: string;
  verify: Verify;
  onDone: () => void;
  submitLabel?: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const fieldError = /^\d{6}$/.test(code.trim()) ? null : CODE_FORMAT;
    setError(fieldError);
    setFormError(null);
    if (fieldError) return focusFirstError(formRef.current);
    setBusy(true);
    const result = await verify(factorId, code);
    setBusy(false);
    if (result.ok) return onDone();
    setFormError(result.message);
    setCode('');
  }

  return (
    <form
      ref={formRef}
      className="au-form"
      noValidate
      onSubmit={submit}
      aria-label="Verification code"
      data-testid="totp-form"
    >
      <Field
        id="totp-code"
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={setCode}
        error={error}
      />
      <FormStatus error={formError} success={busy ? 'Checking the code…' : null} testId="totp" />
      <Button type="submit" disabled={busy} data-testid="totp-submit">
        {submitLabel}
      </Button>
    </form>
  );
}
