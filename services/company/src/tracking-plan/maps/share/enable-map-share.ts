import type { MapShareState } from '@tracemap/contracts';
import type { CompanyDeps } from '../../../core/deps';
import { tenantTransaction } from '../../../core/tenant';
import { recordHistory } from '../../history/history-repository';
import type { PlanActor } from '../../shared/plan-context';
import { entityNotFound } from '../../shared/plan-errors';
import { findShare, lockMapVersion, storeShare } from './share-repository';
import { newShareToken, shareTokenHash } from './share-token';

/**
 * Makes a new public link for the map and answers its token, the only time
 * it is shown. A link that was live is replaced: its token stops working.
 */
export async function enableMapShare(deps: CompanyDeps, actor: PlanActor, mapId: string): Promise<MapShareState> {
  const { companyId, userId } = actor;
  return tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const version = await lockMapVersion(client, companyId, mapId);
    if (version === null) throw entityNotFound('map');
    const before = await findShare(client, companyId, mapId);
    const token = newShareToken();
    const share = await storeShare(client, { companyId, mapId, tokenHash: shareTokenHash(token)!, userId });
    await recordHistory(client, {
      companyId,
      entityKind: 'map',
      entityId: mapId,
      action: 'updated',
      actorUserId: userId,
      version,
      changes: [{ field: 'publicLink', before: before ? 'on' : 'off', after: before ? 'renewed' : 'on' }],
    });
    return { enabled: true, token, createdAt: share.createdAt };
  });
}
