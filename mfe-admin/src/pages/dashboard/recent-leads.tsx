import type { AdminOverview } from '@tracemap/shell-core/admin';

export function RecentLeads({ leads }: { leads: AdminOverview['recentLeads'] }) {
  return (
    <div className="adm-section">
      <h2>Recent leads</h2>
      {leads.length === 0 && <p className="adm-muted">None yet.</p>}
      <ul>
        {leads.map((l) => (
          <li key={l.id}>
            {new Date(l.createdAt).toLocaleString()} — <code>{JSON.stringify(l.data).slice(0, 200)}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
