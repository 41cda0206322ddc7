import {
  subscriptionInternalClient,
  type CompanySubscription,
  type SubscriptionStatsAnswer,
} from '@tracemap/contracts';
import type { InternalClient } from '@tracemap/service-kit';

/**
 * The subscription service as the product-admin area reads it, answers checked against
 * subscription's contracts; no URL configured means every read degrades.
 */
export function createSubscriptionAdminApi(options: { subscriptionUrl?: string; call: InternalClient | null }) {
  const subscription = options.call ? subscriptionInternalClient(options.call) : null;
  return {
    url: options.subscriptionUrl ?? null,
    async ofCompany(companyId: string, requestId: string): Promise<CompanySubscription | null> {
      if (!subscription) throw new Error('subscription service not configured');
      return (await subscription.companySubscription(companyId, requestId)).subscription;
    },
    /** Companies per subscription status. */
    async countByStatus(requestId: string): Promise<SubscriptionStatsAnswer['byStatus']> {
      if (!subscription) throw new Error('subscription service not configured');
      return (await subscription.stats(requestId)).byStatus;
    },
  };
}
export type SubscriptionAdminApi = ReturnType<typeof createSubscriptionAdminApi>;
