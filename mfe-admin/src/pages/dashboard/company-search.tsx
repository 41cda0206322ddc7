import { useState } from 'react';
import { getAdminCompany, searchAdminCompanies, type AdminCompanySummary } from '@tracemap/shell-core/admin';
import { Button } from '@tracemap/ui';
import { useLoad } from '../../shared/use-load';

function CompanyPanel({ companyId }: { companyId: string }) {
  const detail = useLoad(() => getAdminCompany(companyId), [companyId]);
  if (detail.error) return <p className="adm-error">{detail.error}</p>;
  if (!detail.data) return <p aria-busy="true">Loading…</p>;
  const { company, members, subscription, subscriptionUnavailable } = detail.data;
  return (
    <div className="adm-panel" data-testid="admin-company-panel">
      <h3>{company.name}</h3>
      <p>
        Subscription:{' '}
        {subscriptionUnavailable ? <span className="adm-muted">unavailable</span> : subscription ? `${subscription.status}${subscription.planName ? ` (${subscription.planName})` : ''}` : 'none'}
      </p>
      <table className="adm-table">
        <thead>
          <tr>
            <th>Member</th>
            <th>Role</th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.userId} data-testid="admin-company-member" data-email={m.email ?? ''}>
              <td>
                {m.name || '—'} {m.email && `<${m.email}>`}
              </td>
              <td>{m.role}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CompanySearch() {
  const [q, setQ] = useState('');
  const [companies, setCompanies] = useState<AdminCompanySummary[] | null>(null);
  const [error, setError] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  async function search(event: React.FormEvent) {
    event.preventDefault();
    if (!q.trim()) return;
    setError('');
    try {
      setCompanies(await searchAdminCompanies(q.trim()));
    } catch (e) {
      setError((e as Error).message);
    }
  }
  return (
    <div className="adm-section">
      <h2>Companies</h2>
      <form className="adm-row" onSubmit={search}>
        <input className="adm-input" aria-label="Search companies by name or member email" placeholder="Name or member email" value={q} onChange={(e) => setQ(e.target.value)} data-testid="admin-company-search-input" />
        <Button type="submit">Search</Button>
      </form>
      {error && <p className="adm-error">{error}</p>}
      {companies && companies.length === 0 && <p className="adm-muted">No company matches.</p>}
      {companies && (
        <ul>
          {companies.map((c) => (
            <li key={c.id}>
              <button type="button" className="tm-btn tm-btn--ghost" data-testid="admin-company-result" onClick={() => setOpen(c.id)}>
                {c.name}
              </button>{' '}
              <span className="adm-muted">{c.memberCount} members</span>
            </li>
          ))}
        </ul>
      )}
      {open && <CompanyPanel key={open} companyId={open} />}
    </div>
  );
}
