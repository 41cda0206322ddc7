import { Link } from 'react-router';
import { Button } from '@tracemap/ui';
import type { MapSummary } from '@tracemap/shell-core/tracking-plan';
import { PlanStatusBadge } from '../../tracking-plan/ui/plan-status-badge';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

interface MapCardProps {
  companyId: string;
  map: MapSummary;
  canEdit: boolean;
  busy: boolean;
  onDuplicate: () => void;
  onToggleArchived: () => void;
}

export function MapCard({ companyId, map, canEdit, busy, onDuplicate, onToggleArchived }: MapCardProps) {
  const archived = map.status === 'archived';
  return (
    <article className="co-card mp-card" data-testid="map-card" data-name={map.name}>
      <h2>
        <Link to={`/company/${companyId}/maps/${encodeURIComponent(map.id)}`}>{map.name}</Link>
      </h2>
      <p className="mp-counts" data-testid="map-counts">
        {plural(map.nodeCount, 'view', 'views')} · {plural(map.edgeCount, 'transition', 'transitions')} ·{' '}
        {plural(map.attributeCount, 'attribute', 'attributes')}
      </p>
      <p className="mp-counts">
        <PlanStatusBadge status={map.status} /> Updated{' '}
        <time dateTime={map.updatedAt}>{new Date(map.updatedAt).toLocaleString()}</time>
      </p>
      {canEdit ? (
        <div className="co-actions">
          <Button
            variant="ghost"
            className="tp-small-btn"
            disabled={busy}
            onClick={onDuplicate}
            data-testid="map-duplicate"
          >
            Duplicate
          </Button>
          <Button
            variant="ghost"
            className="tp-small-btn"
            disabled={busy}
            onClick={onToggleArchived}
            data-testid="map-archive"
          >
            {archived ? 'Restore' : 'Archive'}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
