import { Link } from 'react-router';
import { needsOnboarding, ROLE_LABELS } from '@tracemap/shell-core/roles';
import { type ObjectCounts } from '@tracemap/shell-core';
import { useCompany } from '../../company-layout/context';

/** `start` is where a to-do leads: the list with its create dialog open, where that exists. */
const ITEMS: { key: keyof ObjectCounts; label: string; path: string; start: string; todo: string }[] = [
  {
    key: 'attributeCount',
    label: 'Attributes',
    path: 'attributes',
    start: 'attributes?new',
    todo: 'Define your first attribute',
  },
  { key: 'eventCount', label: 'Events', path: 'events', start: 'events?new', todo: 'Define your first event' },
  { key: 'viewCount', label: 'Views', path: 'views', start: 'views?new', todo: 'Save your first view' },
  { key: 'mapCount', label: 'Maps', path: 'maps', start: 'maps', todo: 'Draw your first map' },
];

/** /company/:companyId: name, role, object counts and, while any count is zero, the onboarding checklist. */
export function CompanyDashboardPage() {
  const { companyId, info } = useCompany();
  const counts = info.objectCounts;
  return (
    <section className="tm-container co-page" data-testid="company-dashboard">
      <h1 data-testid="dashboard-company-name">{info.company.name}</h1>
      <p className="co-muted">
        Your role: <strong data-testid="dashboard-role">{ROLE_LABELS[info.role]}</strong> · {info.users.length}{' '}
        {info.users.length === 1 ? 'member' : 'members'}
      </p>
      <p className="co-muted">
        Last sync to destinations:{' '}
        <Link to={`/company/${companyId}/settings/destinations`} data-testid="dashboard-last-sync">
          {info.lastSync ? new Date(info.lastSync).toLocaleString() : 'never'}
        </Link>
      </p>
      <div className="co-counts" data-testid="object-counts">
        {ITEMS.map((item) => (
          <div key={item.key} data-testid={`count-${item.path}`}>
            <strong>{counts[item.key]}</strong>
            <Link to={`/company/${companyId}/${item.path}`}>{item.label}</Link>
          </div>
        ))}
      </div>
      {needsOnboarding(counts) ? (
        <div className="co-card" data-testid="onboarding-checklist">
          <h2 style={{ marginTop: 0 }}>Get started</h2>
          <p className="co-muted">Finish these steps to complete your tracking plan.</p>
          <ul className="co-list co-checklist">
            {ITEMS.map((item) => {
              const done = counts[item.key] > 0;
              return (
                <li key={item.key} data-testid={`onboarding-${item.path}`} data-done={done}>
                  <span aria-hidden="true">{done ? '✓' : '○'}</span>
                  {done ? (
                    <span>{item.todo}</span>
                  ) : (
                    <Link to={`/company/${companyId}/${item.start}`}>{item.todo}</Link>
                  )}
                  <span className="co-muted">{done ? 'Done' : 'To do'}</span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
