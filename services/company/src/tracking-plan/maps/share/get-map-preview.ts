import { AppError } from '@tracemap/service-kit';
import type { MapPreview } from '@tracemap/contracts';
import type { CompanyDeps } from '../../../core/deps';
import { hasAccess } from '../../../core/roles';
import { setTenantCompany, tenantTransaction } from '../../../core/tenant';
import { exposedOnly, type PlanActor } from '../../shared/plan-context';
import { companyOfSharedMap } from './share-repository';
import { readMapPreview } from './preview-repository';
import { SHARE_MESSAGES } from './share-messages';
import { shareTokenHash } from './share-token';

/**
 * One answer for every way a preview can be missing — unknown or archived map,
 * wrong, revoked or another map's token, no access — so nothing can be learnt
 * by probing.
 */
export const previewNotFound = () => new AppError(404, 'map_not_found', SHARE_MESSAGES.previewNotFound);

/** A member's preview: what their role lets them read, with what they may do on it. */
export async function getMemberMapPreview(deps: CompanyDeps, actor: PlanActor, mapId: string): Promise<MapPreview> {
  const preview = await tenantTransaction(deps.db, { companyId: actor.companyId, userId: actor.userId }, (client) =>
    readMapPreview(client, actor.companyId, mapId, exposedOnly(actor)),
  );
  if (!preview) throw previewNotFound();
  return { ...preview, member: { companyId: actor.companyId, canEdit: hasAccess(actor.role, 'edit') } };
}

/** A preview through a public link: exposed attributes only, and nothing naming the company. */
export async function getSharedMapPreview(deps: CompanyDeps, mapId: string, token: string): Promise<MapPreview> {
  const tokenHash = shareTokenHash(token);
  if (!tokenHash) throw previewNotFound();
  const preview = await tenantTransaction(deps.db, {}, async (client) => {
    const companyId = await companyOfSharedMap(client, mapId, tokenHash);
    if (!companyId) return null;
    await setTenantCompany(client, companyId);
    return readMapPreview(client, companyId, mapId, true);
  });
  if (!preview) throw previewNotFound();
  return { ...preview, member: null };
}
