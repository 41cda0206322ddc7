import { Link } from 'react-router';
import type { EntityRef, UsedBy } from '@tracemap/shell-core/tracking-plan';
import { useCompany } from '../../company-layout/context';

function RefList({ title, refs, path }: { title: string; refs: EntityRef[]; path: (id: string) => string }) {
  if (refs.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {refs.map((r) => (
          <li key={r.id}>
            <Link to={path(r.id)}>{r.name}</Link>
            {r.status === 'deprecated' || r.status === 'archived' ? (
              <span className="co-muted"> ({r.status})</span>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Where this entity is used: the events, views and maps that reference it. */
export function UsedByPanel({ usedBy }: { usedBy: UsedBy }) {
  const { companyId } = useCompany();
  const base = `/company/${companyId}`;
  const none = usedBy.events.length + usedBy.views.length + usedBy.maps.length === 0;
  return (
    <section className="tp-section" aria-labelledby="used-by-title" data-testid="used-by">
      <h2 id="used-by-title">Used by</h2>
      {none ? <p className="co-muted">Nothing uses it yet.</p> : null}
      <RefList title="Events" refs={usedBy.events} path={(id) => `${base}/events/${id}`} />
      <RefList title="Views" refs={usedBy.views} path={(id) => `${base}/views/${id}`} />
      <RefList title="Maps" refs={usedBy.maps} path={(id) => `${base}/maps/${id}`} />
    </section>
  );
}
