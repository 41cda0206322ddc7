import type { AttributeDetail } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import { exposedOnly, type PlanActor } from '../shared/plan-context';
import { entityNotFound } from '../shared/plan-errors';
import { mapsUsing } from '../maps/map-usage';
import { attributeUsage, findAttribute } from './attribute-repository';

/** The attribute with the events and views that use it. */
export async function getAttribute(deps: CompanyDeps, actor: PlanActor, id: string): Promise<AttributeDetail> {
  return tenantTransaction(deps.db, { companyId: actor.companyId, userId: actor.userId }, async (client) => {
    const attribute = await findAttribute(client, actor.companyId, id, { exposedOnly: exposedOnly(actor) });
    if (!attribute) throw entityNotFound('attribute');
    const usedBy = await attributeUsage(client, actor.companyId, id);
    return {
      ...attribute,
      usedBy: { ...usedBy, maps: await mapsUsing(client, actor.companyId, { kind: 'attribute', id }) },
    };
  });
}
