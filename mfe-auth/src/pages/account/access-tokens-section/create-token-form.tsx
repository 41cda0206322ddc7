import { useState, type FormEvent } from 'react';
import type { CreatedAccessToken } from '@tracemap/contracts';
import { ApiError, authedFetch } from '@tracemap/shell-core';
import { Button } from '@tracemap/ui';
import { Field } from '../../../components/field';
import { FormStatus } from '../../../components/form-status';
import { validateTokenName, type MyCompany } from './token-view';

/** Name and company of a new token, through POST /api/insights/access-tokens. */
export function CreateTokenForm({
  companies,
  onCreated,
}: {
  companies: readonly MyCompany[];
  onCreated: (created: CreatedAccessToken) => void;
}) {
  const [name, setName] = useState('');
  const [companyId, setCompanyId] = useState(companies[0]?.id ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const refused = validateTokenName(name);
    setNameError(refused);
    setFormError(null);
    if (refused) return;
    setBusy(true);
    try {
      const created = await authedFetch<CreatedAccessToken>('/api/insights/access-tokens', {
        method: 'POST',
        body: { companyId, name: name.trim() },
      });
      setName('');
      onCreated(created);
    } catch (err) {
      setFormError(err instanceof ApiError ? err.message : 'Could not create the token. Try again later.');
    } finally {
      setBusy(false);
    }
  }

  if (companies.length === 0)
    return <p className="au-hint">Join or create a company first: a token reads one company.</p>;
  return (
    <form className="au-form" noValidate onSubmit={submit} data-testid="access-token-form">
      <div className="au-row">
        <Field
          id="accessTokenName"
          label="Token name"
          placeholder="e.g. Claude desktop"
          value={name}
          onChange={setName}
          error={nameError}
          maxLength={100}
        />
        <div className="au-field">
          <label htmlFor="accessTokenCompany">Company</label>
          <select
            id="accessTokenCompany"
            value={companyId}
            onChange={(e) => setCompanyId(e.target.value)}
            data-testid="field-accessTokenCompany"
          >
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FormStatus error={formError} testId="access-token" />
      <div>
        <Button type="submit" disabled={busy} data-testid="access-token-submit">
          Create token
        </Button>
      </div>
    </form>
  );
}
