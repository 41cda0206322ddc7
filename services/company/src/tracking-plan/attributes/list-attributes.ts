import type { Attribute, AttributeListFilters, PageOf } from '@tracemap/contracts';
import type { CompanyDeps } from '../../deps';
import { tenantTransaction } from '../../lib/tenant';
import { exposedOnly, type PlanActor } from '../shared/plan-context';
import { listAttributes as listPage } from './attribute-repository';

export async function listAttributes(deps: CompanyDeps, actor: PlanActor, filters: AttributeListFilters): Promise<PageOf<Attribute>> {
  return tenantTransaction(deps.db, { companyId: actor.companyId, userId: actor.userId }, (client) =>
    listPage(client, actor.companyId, filters, { exposedOnly: exposedOnly(actor) }),
  );
}
