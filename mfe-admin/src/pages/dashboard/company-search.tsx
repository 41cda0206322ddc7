import { getAdminCompany, searchAdminCompanies } from '@tracemap/shell-core/admin';
import { SearchSection } from '../../shared/search-section';
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
        {subscriptionUnavailable ? (
          <span className="adm-muted">unavailable</span>
        ) : subscription ? (
          `${subscription.status}${subscription.planName ? ` (${subscription.planName})` : ''}`
        ) : (
          'none'
        )}
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
  return (
    <SearchSection
      title="Companies"
      label="Search companies by name or member email"
      placeholder="Name or member email"
      empty="No company matches."
      testId="admin-company-search"
      search={searchAdminCompanies}
      result={(c, open) => (
        <>
          <button type="button" className="tm-btn tm-btn--ghost" data-testid="admin-company-result" onClick={open}>
            {c.name}
          </button>{' '}
          <span className="adm-muted">{c.memberCount} members</span>
        </>
      )}
      detail={(companyId) => <CompanyPanel key={companyId} companyId={companyId} />}
    />
  );
}
