import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import { recordHistory } from '../history/history-repository';
import { planChanged, type PlanActor } from '../shared/plan-context';
import { entityNotFound } from '../shared/plan-errors';
import { fieldChanges } from '@tracemap/tracking-plan';
import { deleteView as removeView, findView } from './view-repository';

/** The view's links go with it; the events and attributes it linked stay. */
export async function deleteView(deps: CompanyDeps, actor: PlanActor, id: string): Promise<void> {
  const { companyId, userId } = actor;
  await tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const current = await findView(client, companyId, id, { forUpdate: true });
    if (!current) throw entityNotFound('view');
    await removeView(client, companyId, id);
    const { version, createdAt: _c, updatedAt: _u, ...before } = current;
    await recordHistory(client, {
      companyId,
      entityKind: 'view',
      entityId: id,
      action: 'deleted',
      actorUserId: userId,
      version,
      changes: fieldChanges(before, {}),
    });
  });
  planChanged(deps, companyId);
}
