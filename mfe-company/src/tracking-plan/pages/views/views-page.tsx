import { PLAN_STATUSES, VIEW_TYPES, type PlanView } from '@tracemap/shell-core/tracking-plan';
import { NameCell } from '../../list/name-cell';
import { PlanListPage } from '../../list/plan-list-page';
import type { Column } from '../../list/virtual-rows';
import { PlanStatusBadge } from '../../ui/plan-status-badge';

const COLUMNS: Column<PlanView>[] = [
  {
    header: 'Name',
    width: 'minmax(180px,2fr)',
    render: (v) => <NameCell kind="view" id={v.id} name={v.name} displayName={v.displayName} />,
  },
  { header: 'Type', width: '90px', render: (v) => v.type },
  {
    header: 'URL pattern',
    optional: true,
    width: 'minmax(120px,1.5fr)',
    render: (v) => (v.urlPattern ? <code>{v.urlPattern}</code> : '—'),
  },
  { header: 'Events', optional: true, width: '80px', render: (v) => v.events.length },
  { header: 'Status', optional: true, width: '120px', render: (v) => <PlanStatusBadge status={v.status} /> },
];

/** /company/:companyId/views */
export function ViewsPage() {
  return (
    <PlanListPage
      kind="view"
      concept="Views are the pages, screens and modals of your product. Attributes that describe a view are sent with every event that fires on it, so you define them once here."
      filters={[
        { key: 'type', label: 'Type', options: VIEW_TYPES },
        { key: 'status', label: 'Status', options: PLAN_STATUSES },
      ]}
      columns={COLUMNS}
      importExport={false}
    />
  );
}
