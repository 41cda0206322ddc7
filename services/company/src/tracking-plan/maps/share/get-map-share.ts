import type { MapShareState } from '@tracemap/contracts';
import type { CompanyDeps } from '../../../core/deps';
import { tenantTransaction } from '../../../core/tenant';
import type { PlanActor } from '../../shared/plan-context';
import { entityNotFound } from '../../shared/plan-errors';
import { findShare, mapExists } from './share-repository';

/** Whether the map has a live public link. The token itself is never readable again after it was made. */
export async function getMapShare(deps: CompanyDeps, actor: PlanActor, mapId: string): Promise<MapShareState> {
  return tenantTransaction(deps.db, { companyId: actor.companyId, userId: actor.userId }, async (client) => {
    if (!(await mapExists(client, actor.companyId, mapId))) throw entityNotFound('map');
    const share = await findShare(client, actor.companyId, mapId);
    return { enabled: share !== null, token: null, createdAt: share?.createdAt ?? null };
  });
}
