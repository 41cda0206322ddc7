import type { Attribute, AttributeListFilters, PageOf } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { listTotals } from '../shared/list-totals';
import { exposedOnly, keptPlanRead, tenantReader, type PlanActor } from '../shared/plan-context';
import { listAttributes as listPage } from './attribute-repository';

export async function listAttributes(
  deps: CompanyDeps,
  actor: PlanActor,
  filters: AttributeListFilters,
): Promise<PageOf<Attribute>> {
  return keptPlanRead(
    deps,
    actor,
    ['list', 'attributes', filters],
    () =>
      listPage(tenantReader(deps, actor), actor.companyId, filters, {
        exposedOnly: exposedOnly(actor),
        totals: listTotals(deps),
      }),
    (page) => page.items.length,
  );
}
