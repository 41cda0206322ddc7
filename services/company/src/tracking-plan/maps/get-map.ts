import type { MapDetail } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import { exposedOnly, type PlanActor } from '../shared/plan-context';
import { entityNotFound } from '../shared/plan-errors';
import { findMap, mapReferences } from './map-repository';

/** The map with the names of the views and events it shows. */
export async function getMap(deps: CompanyDeps, actor: PlanActor, id: string): Promise<MapDetail> {
  return tenantTransaction(deps.db, { companyId: actor.companyId, userId: actor.userId }, async (client) => {
    const map = await findMap(client, actor.companyId, id, { exposedOnly: exposedOnly(actor) });
    if (!map) throw entityNotFound('map');
    return { ...map, references: await mapReferences(client, actor.companyId, id) };
  });
}
