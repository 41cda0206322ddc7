import { AppError } from '@tracemap/service-kit';
import type { CompanyInfoDegradedPart } from '@tracemap/contracts';
import type { SharedCompanyInfo } from '../core/company-info';
import type { CompanyDeps } from '../core/deps';
import { MESSAGES } from '../core/messages';
import type { Role } from '../core/roles';
import { publicCompany } from '../core/settings';
import { tenantTransaction } from '../core/tenant';
import { findCompany } from '../core/company-repository';
import { listMemberships } from '../core/membership-repository';
import { countMaps } from '../tracking-plan/maps/map-usage';
import { countPlan } from '../tracking-plan/plan/plan-repository';

async function loadSharedInfo(
  deps: CompanyDeps,
  companyId: string,
  userId: string,
  requestId: string,
): Promise<SharedCompanyInfo> {
  const found = await tenantTransaction(deps.db, { companyId, userId }, async (client) => ({
    company: await findCompany(client, companyId),
    members: await listMemberships(client, companyId),
    counts: await countPlan(client, companyId),
    mapCount: await countMaps(client, companyId),
  }));
  if (!found.company) throw new AppError(404, 'company_not_found', MESSAGES.companyNotFound);
  // Calls to other services run after the transaction so no connection waits on the network.
  const degraded: CompanyInfoDegradedPart[] = [];
  const [profiles, subscription] = await Promise.all([
    deps.peers
      .profilesOrThrow(
        found.members.map((m) => m.userId),
        requestId,
      )
      .catch(() => {
        degraded.push('profiles');
        return new Map<string, never>();
      }),
    deps.peers.subscriptionOrThrow(companyId, requestId).catch(() => {
      degraded.push('subscription');
      return null;
    }),
  ]);
  const company = publicCompany(found.company);
  return {
    users: found.members.map((m) => {
      const profile = profiles.get(m.userId);
      return {
        id: m.userId,
        role: m.role,
        firstName: profile?.firstName ?? null,
        lastName: profile?.lastName ?? null,
        email: profile?.email ?? null,
      };
    }),
    subscription,
    // Archived items are kept but not counted. Every plan change drops this cache entry.
    objectCounts: { ...found.counts, mapCount: found.mapCount },
    attributeInheritance: company.settings.attributeInheritance,
    lastSync: found.company.lastSync ? new Date(found.company.lastSync).toISOString() : null,
    company,
    ...(degraded.length > 0 ? { degraded: degraded.sort() } : {}),
  };
}

/** Company info for a member: the caller's own role is always fresh, the rest may be up to 2 s old. */
export async function getCompanyInfo(
  deps: CompanyDeps,
  input: { companyId: string; userId: string; role: Role; requestId: string },
) {
  const shared = await deps.infoCache.get(
    input.companyId,
    () => loadSharedInfo(deps, input.companyId, input.userId, input.requestId),
    (info) => info.degraded === undefined,
  );
  return { role: input.role, ...shared };
}
