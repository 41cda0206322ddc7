import type { SubscriptionDetails } from '@tracemap/contracts';
import type { SubscriptionDeps } from '../deps';
import { isLive } from '../domain/map-status';
import { findCustomerId, findSubscription } from '../repositories/subscription-repository';

/**
 * What the subscription page shows. The state is the local copy; the next invoice is asked
 * of the provider and left out (null) when it cannot answer, so the page still opens.
 */
export async function getSubscriptionDetails(
  deps: SubscriptionDeps,
  companyId: string,
): Promise<{ subscription: SubscriptionDetails | null }> {
  const local = await findSubscription(deps.db, companyId);
  if (!local || local.status === 'none') return { subscription: null };
  let upcomingInvoice: SubscriptionDetails['upcomingInvoice'] = null;
  const customerId = await findCustomerId(deps.db, companyId);
  if (
    customerId &&
    local.providerSubscriptionId &&
    local.providerStatus &&
    isLive(local.providerStatus) &&
    !local.cancelAtPeriodEnd
  ) {
    try {
      const preview = await deps.provider.preview(
        { customerId, subscription: { id: local.providerSubscriptionId, itemId: local.itemId }, priceId: null },
        `upcoming-${companyId}-${local.providerSubscriptionId}-${local.version}`,
      );
      upcomingInvoice = { amount: preview.amountDue, date: preview.nextInvoiceDate?.toISOString() ?? null };
    } catch (error) {
      deps.log.warn({ err: error, companyId }, 'upcoming invoice unavailable');
    }
  }
  return {
    subscription: {
      status: local.status,
      priceId: local.priceId,
      planName: deps.plans.find(local.priceId)?.name ?? null,
      currentPeriodEnd: local.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: local.cancelAtPeriodEnd,
      trialEnd: local.trialEnd?.toISOString() ?? null,
      card: local.card,
      upcomingInvoice,
    },
  };
}
