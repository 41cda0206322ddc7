import type { EventListFilters, PageOf, PlanEvent } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { listTotals } from '../shared/list-totals';
import { exposedOnly, keptPlanRead, tenantReader, type PlanActor } from '../shared/plan-context';
import { listEvents as listPage } from './event-repository';

export async function listEvents(
  deps: CompanyDeps,
  actor: PlanActor,
  filters: EventListFilters,
): Promise<PageOf<PlanEvent>> {
  return keptPlanRead(
    deps,
    actor,
    ['list', 'events', filters],
    () =>
      listPage(tenantReader(deps, actor), actor.companyId, filters, {
        exposedOnly: exposedOnly(actor),
        totals: listTotals(deps),
      }),
    (page) => page.items.length,
  );
}
