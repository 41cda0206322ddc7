import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { applyCompanyPermissions } from '@tracemap/shell-core/company-access';
import { ROLE_LABELS } from '@tracemap/shell-core/roles';
import { useCompanyStore, type CompanyPermission } from '@tracemap/shell-core';
import { listMyCompanies } from '@tracemap/shell-core/company-api';
import { ApiErrorMessage } from '../../components/api-error';

/** /company: the user's companies with their role, and the way to create one. */
export function CompanyListPage() {
  const [companies, setCompanies] = useState<CompanyPermission[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const current = useCompanyStore((s) => s.currentCompanyId);

  useEffect(() => {
    let alive = true;
    listMyCompanies().then(
      (list) => {
        if (!alive) return;
        applyCompanyPermissions(list);
        setCompanies(list);
      },
      (err: unknown) => alive && setError(err),
    );
    return () => {
      alive = false;
    };
  }, []);

  return (
    <section className="tm-container co-page" data-testid="company-list-page">
      <div className="co-actions" style={{ justifyContent: 'space-between' }}>
        <h1>Your companies</h1>
        <Link className="tm-btn" to="/company/create" data-testid="company-create-link">
          Create Company
        </Link>
      </div>
      <ApiErrorMessage error={error} />
      {companies === null && !error ? <p className="co-muted">Loading your companies…</p> : null}
      {companies?.length === 0 ? (
        <div className="co-card" data-testid="company-list-empty">
          <p>You do not have access to any company yet. Create one, or ask a company admin to invite you.</p>
        </div>
      ) : null}
      {companies && companies.length > 0 ? (
        <ul className="co-list" data-testid="company-list">
          {companies.map((c) => (
            <li key={c.id} data-testid="company-list-item" data-company-id={c.id}>
              <span>
                <Link to={`/company/${c.id}`}>{c.name}</Link>
                {c.id === current ? <span className="co-muted"> · current</span> : null}
              </span>
              <span className="co-role" data-testid="company-list-role">
                {ROLE_LABELS[c.role]}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
