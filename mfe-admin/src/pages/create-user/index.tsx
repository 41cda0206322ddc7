import { useState } from 'react';
import { COMPANY_ROLES, newIdempotencyKey, type CompanyRole } from '@tracemap/shell-core';
import { createAdminUser } from '@tracemap/shell-core/admin';
import { Button } from '@tracemap/ui';
import { AdminPage } from '../../shared/admin-page';
import { ResultLine } from '../../shared/result-line';
import { useAction } from '../../shared/use-load';

/** /admin/create-user: invite someone by email (they set their password from the email), optionally into a company. */
export function AdminCreateUserPage() {
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [companyId, setCompanyId] = useState('');
  const [role, setRole] = useState<CompanyRole>('viewer');
  const [key, setKey] = useState(newIdempotencyKey);
  const action = useAction();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const created = await createAdminUser(
        {
          email: email.trim(),
          ...(firstName.trim() ? { firstName: firstName.trim() } : {}),
          ...(lastName.trim() ? { lastName: lastName.trim() } : {}),
          ...(companyId.trim() ? { companyId: companyId.trim(), role } : {}),
        },
        key,
      );
      // The key guards this one person against a double submit; the next is a new request.
      setKey(newIdempotencyKey());
      return `Invitation sent to ${created.email}${created.companyRole ? `; member of the company as ${created.companyRole}` : ''}.`;
    });
  };
  return (
    <AdminPage title="Create user">
      <form className="adm-form" onSubmit={submit}>
        <label>
          Email
          <input
            className="adm-input"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            data-testid="create-user-email"
          />
        </label>
        <label>
          First name
          <input className="adm-input" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
        </label>
        <label>
          Last name
          <input className="adm-input" value={lastName} onChange={(e) => setLastName(e.target.value)} />
        </label>
        <label>
          Company id (optional)
          <input
            className="adm-input"
            value={companyId}
            onChange={(e) => setCompanyId(e.target.value)}
            placeholder="00000000-0000-0000-0000-000000000000"
          />
        </label>
        <label>
          Role in the company
          <select
            className="adm-input"
            value={role}
            onChange={(e) => setRole(e.target.value as CompanyRole)}
            disabled={!companyId.trim()}
          >
            {COMPANY_ROLES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        <Button type="submit" disabled={action.busy} data-testid="create-user-submit">
          Create and invite
        </Button>
      </form>
      <ResultLine result={action.result} testId="create-user-result" />
    </AdminPage>
  );
}
