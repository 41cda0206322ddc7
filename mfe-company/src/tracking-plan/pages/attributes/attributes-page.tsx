import { ATTRIBUTE_SCOPES, ATTRIBUTE_TYPES, PLAN_STATUSES, type Attribute } from '@tracemap/shell-core/tracking-plan';
import { NameCell } from '../../list/name-cell';
import { PlanListPage } from '../../list/plan-list-page';
import type { Column } from '../../list/virtual-rows';
import { PlanStatusBadge, Tags } from '../../ui/plan-status-badge';

const COLUMNS: Column<Attribute>[] = [
  {
    header: 'Name',
    width: 'minmax(180px,2fr)',
    render: (a) => <NameCell kind="attribute" id={a.id} name={a.name} displayName={a.displayName} />,
  },
  { header: 'Scope', width: '90px', render: (a) => a.scope },
  { header: 'Type', width: '110px', render: (a) => (a.type === 'array' && a.itemType ? `${a.itemType}[]` : a.type) },
  { header: 'Status', optional: true, width: '120px', render: (a) => <PlanStatusBadge status={a.status} /> },
  { header: 'Tags', optional: true, width: 'minmax(100px,1fr)', render: (a) => <Tags tags={a.tags} /> },
];

/** /company/:companyId/attributes */
export function AttributesPage() {
  return (
    <PlanListPage
      kind="attribute"
      concept="Attributes are the properties your events, pages and users carry, such as order_id or plan. Define each once here and reuse it everywhere, so every team sends it with the same name and type."
      filters={[
        { key: 'scope', label: 'Scope', options: ATTRIBUTE_SCOPES },
        { key: 'type', label: 'Type', options: ATTRIBUTE_TYPES },
        { key: 'status', label: 'Status', options: PLAN_STATUSES },
        { key: 'tag', label: 'Tag' },
      ]}
      columns={COLUMNS}
      importExport
    />
  );
}
