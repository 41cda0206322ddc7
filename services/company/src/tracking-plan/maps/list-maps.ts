import type { MapListFilters, MapSummary, PageOf } from '@tracemap/contracts';
import type { CompanyDeps } from '../../deps';
import { listTotals } from '../shared/list-totals';
import { exposedOnly, tenantReader, type PlanActor } from '../shared/plan-context';
import { listMaps as listPage } from './map-repository';

export async function listMaps(deps: CompanyDeps, actor: PlanActor, filters: MapListFilters): Promise<PageOf<MapSummary>> {
  return listPage(tenantReader(deps, actor), actor.companyId, filters, { exposedOnly: exposedOnly(actor), totals: listTotals(deps) });
}
