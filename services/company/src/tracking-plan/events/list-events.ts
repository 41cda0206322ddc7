import type { EventListFilters, PageOf, PlanEvent } from '@tracemap/contracts';
import type { CompanyDeps } from '../../deps';
import { tenantTransaction } from '../../lib/tenant';
import { exposedOnly, type PlanActor } from '../shared/plan-context';
import { listEvents as listPage } from './event-repository';

export async function listEvents(deps: CompanyDeps, actor: PlanActor, filters: EventListFilters): Promise<PageOf<PlanEvent>> {
  return tenantTransaction(deps.db, { companyId: actor.companyId, userId: actor.userId }, (client) =>
    listPage(client, actor.companyId, filters, { exposedOnly: exposedOnly(actor) }),
  );
}
