import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import { recordHistory } from '../history/history-repository';
import { planChanged, type PlanActor } from '../shared/plan-context';
import { entityNotFound } from '../shared/plan-errors';
import { fieldChanges } from '@tracemap/tracking-plan';
import { deleteEvent as removeEvent, findEvent } from './event-repository';

/** The event's attribute links and the views' links to it go with it; its history stays. */
export async function deleteEvent(deps: CompanyDeps, actor: PlanActor, id: string): Promise<void> {
  const { companyId, userId } = actor;
  await tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const current = await findEvent(client, companyId, id, { forUpdate: true });
    if (!current) throw entityNotFound('event');
    await removeEvent(client, companyId, id);
    const { version, createdAt: _c, updatedAt: _u, ...before } = current;
    await recordHistory(client, {
      companyId,
      entityKind: 'event',
      entityId: id,
      action: 'deleted',
      actorUserId: userId,
      version,
      changes: fieldChanges(before, {}),
    });
  });
  planChanged(deps, companyId);
}
