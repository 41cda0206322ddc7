import type { ViewDetail } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import { exposedOnly, type PlanActor } from '../shared/plan-context';
import { entityNotFound } from '../shared/plan-errors';
import { mapsUsing } from '../maps/map-usage';
import { findView, viewUsage } from './view-repository';

export async function getView(deps: CompanyDeps, actor: PlanActor, id: string): Promise<ViewDetail> {
  return tenantTransaction(deps.db, { companyId: actor.companyId, userId: actor.userId }, async (client) => {
    const view = await findView(client, actor.companyId, id, { exposedOnly: exposedOnly(actor) });
    if (!view) throw entityNotFound('view');
    return {
      ...view,
      usedBy: { ...viewUsage(), maps: await mapsUsing(client, actor.companyId, { kind: 'view', id }) },
    };
  });
}
