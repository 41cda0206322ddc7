import type { CompanyDeps } from '../../../core/deps';
import { tenantTransaction } from '../../../core/tenant';
import { recordHistory } from '../../history/history-repository';
import type { PlanActor } from '../../shared/plan-context';
import { entityNotFound } from '../../shared/plan-errors';
import { lockMapVersion, removeShare } from './share-repository';

/** Turns the public link off: its token stops working at once. Turning off a link that is off changes nothing. */
export async function disableMapShare(deps: CompanyDeps, actor: PlanActor, mapId: string): Promise<void> {
  const { companyId, userId } = actor;
  await tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const version = await lockMapVersion(client, companyId, mapId);
    if (version === null) throw entityNotFound('map');
    if (!(await removeShare(client, companyId, mapId))) return;
    await recordHistory(client, {
      companyId,
      entityKind: 'map',
      entityId: mapId,
      action: 'updated',
      actorUserId: userId,
      version,
      changes: [{ field: 'publicLink', before: 'on', after: 'off' }],
    });
  });
}
