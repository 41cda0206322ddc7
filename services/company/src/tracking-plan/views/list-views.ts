import type { PageOf, PlanView, ViewListFilters } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { listTotals } from '../shared/list-totals';
import { exposedOnly, keptPlanRead, tenantReader, type PlanActor } from '../shared/plan-context';
import { listViews as listPage } from './view-repository';

export async function listViews(
  deps: CompanyDeps,
  actor: PlanActor,
  filters: ViewListFilters,
): Promise<PageOf<PlanView>> {
  return keptPlanRead(
    deps,
    actor,
    ['list', 'views', filters],
    () =>
      listPage(tenantReader(deps, actor), actor.companyId, filters, {
        exposedOnly: exposedOnly(actor),
        totals: listTotals(deps),
      }),
    (page) => page.items.length,
  );
}
