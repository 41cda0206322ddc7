import { getAdminOverview } from '@tracemap/shell-core/admin';
import { AdminPage } from '../../shared/admin-page';
import { useLoad } from '../../shared/use-load';
import { AuditLog } from './audit-log';
import { CompanySearch } from './company-search';
import { OverviewTiles } from './overview-tiles';
import { RecentLeads } from './recent-leads';
import { SupportInbox } from './support-inbox';
import { UserSearch } from './user-search';

/** /admin: the state of the product, people and companies to act on, support messages and the audit log. */
export function AdminDashboardPage() {
  const overview = useLoad(getAdminOverview);
  return (
    <AdminPage title="Admin">
      {overview.error && <p className="adm-error">{overview.error}</p>}
      {overview.data && <OverviewTiles overview={overview.data} />}
      <UserSearch onChanged={overview.reload} />
      <CompanySearch />
      <SupportInbox onChanged={overview.reload} />
      {overview.data && <RecentLeads leads={overview.data.recentLeads} />}
      {overview.data && <AuditLog entries={overview.data.recentAudit} />}
    </AdminPage>
  );
}
