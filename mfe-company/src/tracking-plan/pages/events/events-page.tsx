import { EVENT_KINDS, PLAN_STATUSES, type PlanEvent } from '@tracemap/shell-core/tracking-plan';
import { NameCell } from '../../list/name-cell';
import { PlanListPage } from '../../list/plan-list-page';
import type { Column } from '../../list/virtual-rows';
import { PlanStatusBadge, Tags } from '../../ui/plan-status-badge';

const COLUMNS: Column<PlanEvent>[] = [
  {
    header: 'Name',
    width: 'minmax(180px,2fr)',
    render: (e) => <NameCell kind="event" id={e.id} name={e.name} displayName={e.displayName} />,
  },
  { header: 'Kind', width: '90px', render: (e) => e.kind },
  { header: 'Category', optional: true, width: 'minmax(90px,1fr)', render: (e) => e.category || '—' },
  { header: 'Attributes', optional: true, width: '100px', render: (e) => e.attributes.length },
  { header: 'Status', optional: true, width: '120px', render: (e) => <PlanStatusBadge status={e.status} /> },
  { header: 'Tags', optional: true, width: 'minmax(100px,1fr)', render: (e) => <Tags tags={e.tags} /> },
];

/** /company/:companyId/events */
export function EventsPage() {
  return (
    <PlanListPage
      kind="event"
      concept="Events are the things your product tracks, like checkout_completed or signup_started. Each one lists the attributes it must and may carry, and inherits those of the views it fires on."
      filters={[
        { key: 'kind', label: 'Kind', options: EVENT_KINDS },
        { key: 'status', label: 'Status', options: PLAN_STATUSES },
        { key: 'tag', label: 'Tag' },
      ]}
      columns={COLUMNS}
      importExport
    />
  );
}
