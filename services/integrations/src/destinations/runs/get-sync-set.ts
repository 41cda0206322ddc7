import type { SyncSetView } from '@tracemap/contracts';
import type { CompanyActor } from '../../core/company-access';
import { tenantTransaction } from '../../core/tenant';
import type { IntegrationsDeps } from '../../deps';
import { DESTINATION_ROUTE_ERRORS } from '../manage/destination-errors';
import { findSyncSet } from './sync-set-repository';

/** A push of several destinations: its status, its plan version and each destination's run. */
export function getSyncSet(
  deps: Pick<IntegrationsDeps, 'db'>,
  actor: CompanyActor,
  setId: string,
): Promise<SyncSetView> {
  return tenantTransaction(deps.db, actor.companyId, async (client) => {
    const set = await findSyncSet(client, actor.companyId, setId);
    if (!set) throw DESTINATION_ROUTE_ERRORS.syncSetNotFound();
    return set;
  });
}
