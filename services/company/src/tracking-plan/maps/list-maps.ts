import type { MapListFilters, MapSummary, PageOf } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { listTotals } from '../shared/list-totals';
import { exposedOnly, keptPlanRead, tenantReader, type PlanActor } from '../shared/plan-context';
import { listMaps as listPage } from './map-repository';

export async function listMaps(
  deps: CompanyDeps,
  actor: PlanActor,
  filters: MapListFilters,
): Promise<PageOf<MapSummary>> {
  return keptPlanRead(
    deps,
    actor,
    ['list', 'maps', filters],
    () =>
      listPage(tenantReader(deps, actor), actor.companyId, filters, {
        exposedOnly: exposedOnly(actor),
        totals: listTotals(deps),
      }),
    (page) => page.items.length,
  );
}
