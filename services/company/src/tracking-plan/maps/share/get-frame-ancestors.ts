import type { MapFrameAncestors } from '@tracemap/contracts';
import type { CompanyDeps } from '../../../core/deps';
import { tenantTransaction } from '../../../core/tenant';
import { mapEmbedOrigins } from './share-repository';

/** Who may frame a map's preview page, for the gateway's Content-Security-Policy; nobody for an unknown map. */
export async function getFrameAncestors(deps: CompanyDeps, mapId: string): Promise<MapFrameAncestors> {
  const origins = await tenantTransaction(deps.db, {}, (client) => mapEmbedOrigins(client, mapId));
  return { origins: origins ?? [] };
}
