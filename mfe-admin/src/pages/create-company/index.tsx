import { useState } from 'react';
import { createAdminCompany } from '@tracemap/shell-core/admin';
import { newIdempotencyKey } from '@tracemap/shell-core';
import { Button } from '@tracemap/ui';
import { AdminPage } from '../../shared/admin-page';
import { ResultLine } from '../../shared/result-line';
import { useAction } from '../../shared/use-load';

/** /admin/create-company: a company for an owner email; a new address is invited first. */
export function AdminCreateCompanyPage() {
  const [name, setName] = useState('');
  const [ownerEmail, setOwnerEmail] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const action = useAction();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const created = await createAdminCompany({ name: name.trim(), ownerEmail: ownerEmail.trim() }, key);
      // A new company next time: the key only guards this one against a double submit.
      setKey(newIdempotencyKey());
      return `Company ${created.name} created (${created.companyId}) for ${ownerEmail.trim()}${created.ownerInvited ? ', who was invited to set a password' : ''}.`;
    });
  };
  return (
    <AdminPage title="Create company">
      <form className="adm-form" onSubmit={submit}>
        <label>
          Company name
          <input
            className="adm-input"
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
            data-testid="create-company-name"
          />
        </label>
        <label>
          Owner email
          <input
            className="adm-input"
            type="email"
            required
            value={ownerEmail}
            onChange={(e) => setOwnerEmail(e.target.value)}
            data-testid="create-company-owner"
          />
        </label>
        <Button type="submit" disabled={action.busy} data-testid="create-company-submit">
          Create company
        </Button>
      </form>
      <ResultLine result={action.result} testId="create-company-result" />
    </AdminPage>
  );
}
