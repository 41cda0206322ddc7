import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@tracemap/ui';
import { createCompany } from '@tracemap/shell-core/company-api';
import { newIdempotencyKey } from '@tracemap/shell-core';
import { rememberCompanyAccess, setCurrentCompany } from '@tracemap/shell-core/company-access';
import { ApiErrorMessage } from '../../components/api-error';
import { useAction } from '../../hooks/use-action';

/** /company/create: one name; a retried submission of the same name reuses its Idempotency-Key. */
export function CompanyCreatePage() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState(false);
  const keys = useRef(new Map<string, string>());
  const { busy, error, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    let key = keys.current.get(trimmed);
    if (!key) {
      key = newIdempotencyKey();
      keys.current.set(trimmed, key);
    }
    const idempotencyKey = key;
    const created = await run(() => createCompany(trimmed, idempotencyKey));
    if (!created) return;
    const permissions = rememberCompanyAccess({ id: created.company.id, name: created.company.name }, created.role);
    setCurrentCompany(created.company.id, permissions);
    navigate(`/company/${created.company.id}`);
  }

  return (
    <section className="tm-container co-page" data-testid="company-create-page">
      <h1>Create a company</h1>
      <p className="co-muted">A company holds your tracking plan and your team. You become its owner.</p>
      <form className="co-form" onSubmit={submit} noValidate>
        <label>
          Company name
          <input
            name="name"
            value={name}
            maxLength={100}
            autoComplete="organization"
            onChange={(e) => setName(e.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'company-name-error' : undefined}
            data-testid="company-create-name"
          />
        </label>
        {invalid ? (
          <p id="company-name-error" className="co-error" role="alert">
            Company name is required
          </p>
        ) : null}
        <ApiErrorMessage error={error} />
        <div>
          <Button type="submit" disabled={busy} data-testid="company-create-submit">
            {busy ? 'Creating…' : 'Create Company'}
          </Button>
        </div>
      </form>
    </section>
  );
}
