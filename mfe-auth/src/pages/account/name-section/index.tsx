import { useRef, useState, type FormEvent } from 'react';
import { ApiError, authedFetch, invalidateSync, useUserStore, type CurrentUser } from '@tracemap/shell-core';
import { Button } from '@tracemap/ui';
import { Field } from '../../../components/field';
import { FormStatus } from '../../../components/form-status';
import { focusFirstError } from '../../../lib/focus-first-error';
import { validateNames } from '../../../lib/validate';

/** First and last name through POST /api/account/update-name. */
export function NameSection({ user }: { user: CurrentUser }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const fieldError = validateNames(firstName, lastName);
    setError(fieldError);
    setFormError(null);
    setSaved(null);
    if (fieldError) return focusFirstError(formRef.current);
    setBusy(true);
    try {
      const res = await authedFetch<{ firstName: string; lastName: string }>('/api/account/update-name', {
        method: 'POST',
        body: { firstName: firstName.trim(), lastName: lastName.trim() },
      });
      invalidateSync();
      useUserStore.getState().patchUser({ firstName: res.firstName, lastName: res.lastName });
      setSaved('Your name has been saved.');
    } catch (err) {
      setFormError(err instanceof ApiError ? err.message : 'Could not update your name. Try again later.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="au-section" aria-labelledby="account-name-title">
      <h2 id="account-name-title">Name</h2>
      <form ref={formRef} className="au-form" noValidate onSubmit={submit} data-testid="name-form">
        <div className="au-row">
          <Field
            id="firstName"
            label="First name"
            autoComplete="given-name"
            value={firstName}
            onChange={setFirstName}
            error={error && !firstName.trim() ? error : null}
          />
          <Field
            id="lastName"
            label="Last name"
            autoComplete="family-name"
            value={lastName}
            onChange={setLastName}
            error={error && !lastName.trim() ? error : null}
          />
        </div>
        <FormStatus error={formError} success={saved} testId="name" />
        <div>
          <Button type="submit" disabled={busy} data-testid="name-submit">
            Save name
          </Button>
        </div>
      </form>
    </section>
  );
}
