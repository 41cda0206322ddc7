import { fieldChanges } from '@tracemap/tracking-plan';
import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import { recordHistory } from '../history/history-repository';
import { planChanged, type PlanActor } from '../shared/plan-context';
import { entityNotFound } from '../shared/plan-errors';
import { deleteMap as removeMap, findMap } from './map-repository';

/** The map's links, nodes and edges go with it; the views, events and attributes it named stay. */
export async function deleteMap(deps: CompanyDeps, actor: PlanActor, id: string): Promise<void> {
  const { companyId, userId } = actor;
  await tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const current = await findMap(client, companyId, id, { forUpdate: true });
    if (!current) throw entityNotFound('map');
    await removeMap(client, companyId, id);
    const { version, createdAt: _c, updatedAt: _u, ...before } = current;
    await recordHistory(client, {
      companyId,
      entityKind: 'map',
      entityId: id,
      action: 'deleted',
      actorUserId: userId,
      version,
      changes: fieldChanges(before, {}),
    });
  });
  planChanged(deps, companyId);
}
