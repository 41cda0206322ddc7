import type { PageOf, PlanView, ViewListFilters } from '@tracemap/contracts';
import type { CompanyDeps } from '../../deps';
import { tenantTransaction } from '../../lib/tenant';
import { exposedOnly, type PlanActor } from '../shared/plan-context';
import { listViews as listPage } from './view-repository';

export async function listViews(deps: CompanyDeps, actor: PlanActor, filters: ViewListFilters): Promise<PageOf<PlanView>> {
  return tenantTransaction(deps.db, { companyId: actor.companyId, userId: actor.userId }, (client) =>
    listPage(client, actor.companyId, filters, { exposedOnly: exposedOnly(actor) }),
  );
}
