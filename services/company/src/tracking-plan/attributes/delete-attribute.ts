import { AppError } from '@tracemap/service-kit';
import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import { recordHistory } from '../history/history-repository';
import { planChanged, type PlanActor } from '../shared/plan-context';
import { entityNotFound, PLAN_MESSAGES } from '../shared/plan-errors';
import { fieldChanges } from '@tracemap/tracking-plan';
import { mapsUsing } from '../maps/map-usage';
import { attributeUsage, deleteAttribute as removeAttribute, findAttribute } from './attribute-repository';

/** Only an attribute nothing links any more can be deleted; otherwise it is archived. */
export async function deleteAttribute(deps: CompanyDeps, actor: PlanActor, id: string): Promise<void> {
  const { companyId, userId } = actor;
  await tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const current = await findAttribute(client, companyId, id, { forUpdate: true });
    if (!current) throw entityNotFound('attribute');
    const usage = {
      ...(await attributeUsage(client, companyId, id)),
      maps: await mapsUsing(client, companyId, { kind: 'attribute', id }),
    };
    if (usage.events.length + usage.views.length + usage.maps.length > 0) {
      const message = PLAN_MESSAGES.attributeInUse(usage.events.length, usage.views.length, usage.maps.length);
      throw new AppError(409, 'attribute_in_use', message, undefined, { usedBy: usage });
    }
    await removeAttribute(client, companyId, id);
    const { version, createdAt: _c, updatedAt: _u, ...before } = current;
    await recordHistory(client, {
      companyId,
      entityKind: 'attribute',
      entityId: id,
      action: 'deleted',
      actorUserId: userId,
      version,
      changes: fieldChanges(before, {}),
    });
  });
  planChanged(deps, companyId);
}
