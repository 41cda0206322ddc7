import type { AdminCompanyDetail } from '@tracemap/contracts';
import { lookupProfiles } from '../../profile/lookup-profiles';
import type { AdminContext } from '../admin-context';

/** A company, its members by name and role, and its subscription (flagged unavailable when billing does not answer). */
export async function getCompany(ctx: AdminContext, companyId: string): Promise<AdminCompanyDetail> {
  const { company, members } = await ctx.company.members(companyId, ctx.requestId);
  const { profiles } = await lookupProfiles(
    ctx.deps,
    members.map((m) => m.userId),
    ctx.requestId,
  );
  let subscription: AdminCompanyDetail['subscription'] = null;
  let subscriptionUnavailable = false;
  try {
    const found = await ctx.subscription.ofCompany(companyId, ctx.requestId);
    subscription = found
      ? { status: found.status, planName: found.planName, currentPeriodEnd: found.currentPeriodEnd }
      : null;
  } catch (error) {
    subscriptionUnavailable = true;
    ctx.deps.log.warn(
      { err: (error as Error).message, companyId },
      'subscription service did not answer for an admin company view',
    );
  }
  return {
    company,
    members: members.map((m) => {
      const p = profiles.find((x) => x.id === m.userId);
      return {
        userId: m.userId,
        role: m.role,
        email: p?.email ?? null,
        name: p ? `${p.firstName} ${p.lastName}`.trim() : '',
      };
    }),
    subscription,
    subscriptionUnavailable,
  };
}
