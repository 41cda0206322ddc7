import type { InternalClient } from '@tracemap/service-kit';

export interface SubscriptionView {
  status: string;
  planName?: string | null;
  currentPeriodEnd?: string | null;
}

/** The subscription service as the product-admin area reads it; no URL configured means every read degrades. */
export function createSubscriptionAdminApi(options: { subscriptionUrl?: string; call: InternalClient | null }) {
  const { call } = options;
  return {
    url: options.subscriptionUrl ?? null,
    async ofCompany(companyId: string, requestId: string): Promise<SubscriptionView | null> {
      if (!call) throw new Error('subscription service not configured');
      const answer = await call<{ subscription: SubscriptionView | null }>(
        `/internal/companies/${encodeURIComponent(companyId)}/subscription`,
        { requestId },
      );
      return answer.subscription;
    },
    /** Companies per subscription status. */
    async countByStatus(requestId: string): Promise<Record<string, number>> {
      if (!call) throw new Error('subscription service not configured');
      const answer = await call<{ byStatus: Record<string, number> }>('/internal/subscriptions/stats', { requestId });
      return answer.byStatus;
    },
  };
}
export type SubscriptionAdminApi = ReturnType<typeof createSubscriptionAdminApi>;
