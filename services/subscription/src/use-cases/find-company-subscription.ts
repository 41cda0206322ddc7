import type { CompanySubscription } from '@tracemap/contracts';
import type { Queryable } from '@tracemap/service-kit';
import type { PlanCatalog } from '../plans';
import { findSubscription } from '../repositories/subscription-repository';

/** The subscription as company info shows it; null means "no subscription", one of the product's states. */
export async function findCompanySubscription(
  db: Queryable,
  plans: PlanCatalog,
  companyId: string,
): Promise<CompanySubscription | null> {
  const local = await findSubscription(db, companyId);
  if (!local || local.status === 'none') return null;
  return {
    status: local.status,
    priceId: local.priceId,
    planName: plans.find(local.priceId)?.name ?? null,
    currentPeriodEnd: local.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: local.cancelAtPeriodEnd,
    trialEnd: local.trialEnd?.toISOString() ?? null,
    cardExpirationMonth: local.cardExpirationMonth,
    cardExpirationYear: local.cardExpirationYear,
  };
}
