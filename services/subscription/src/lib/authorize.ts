import { AppError } from '@tracemap/service-kit';
import type { CompanyRole } from '@tracemap/contracts';
import type { SubscriptionDeps } from '../deps';

export type BillingAccess = 'member' | 'admin';

/**
 * The caller's role, as the company service knows it right now (it owns memberships).
 * Non-members get the same 404 as an unknown company, so ids cannot be probed; members
 * below owner or admin get 403 for billing changes. If the company service cannot answer,
 * nothing is decided: 503.
 */
export async function authorizeBilling(
  deps: SubscriptionDeps,
  input: { companyId: string; userId: string; access: BillingAccess; requestId?: string },
): Promise<CompanyRole> {
  const role = await deps.peers.role(input.companyId, input.userId, input.requestId);
  if (!role) throw new AppError(404, 'company_not_found', 'Company not found');
  if (input.access === 'admin' && role !== 'owner' && role !== 'admin') {
    throw new AppError(403, 'forbidden', 'Only an owner or an admin can manage the subscription.');
  }
  return role;
}
