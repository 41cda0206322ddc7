import { AppError } from '@tracemap/service-kit';
import { SUBSCRIPTION_MESSAGES } from '@tracemap/contracts';
import type { SubscriptionDeps } from '../deps';
import { findSubscription } from '../repositories/subscription-repository';
import { ensureCustomer } from './ensure-customer';
import { syncCompanySubscription } from './sync-company-subscription';

/** The provider can change this subscription's price directly: it is paid for and has not ended. */
export function isChangeable(providerStatus: string | null): boolean {
  return providerStatus === 'active' || providerStatus === 'past_due';
}

/**
 * Choosing a plan. Without a paid subscription (none, a trial, an ended one) the answer is a
 * hosted checkout page the browser goes to; the webhook that follows records the result.
 * With one, the price changes at once with proration and the new state is stored.
 */
export async function changePlan(
  deps: SubscriptionDeps,
  input: { companyId: string; priceId: string; requestId?: string },
): Promise<{ checkoutUrl?: string }> {
  const plan = deps.plans.find(input.priceId);
  if (!plan) throw new AppError(400, 'unknown_price', SUBSCRIPTION_MESSAGES.unknownPrice);
  const local = await findSubscription(deps.db, input.companyId);

  if (local?.providerSubscriptionId && isChangeable(local.providerStatus)) {
    if (local.priceId === plan.priceId && !local.cancelAtPeriodEnd) return {};
    const current = await deps.provider.retrieveSubscription(local.providerSubscriptionId);
    if (current && isChangeable(current.status)) {
      await deps.provider.changePrice(
        current,
        plan.priceId,
        `sub-update-${input.companyId}-${plan.priceId}-${local.version}`,
      );
      await resync(deps, input.companyId, input.requestId);
      return {};
    }
  }

  const customerId = await ensureCustomer(deps, input.companyId);
  const page = `${deps.config.PUBLIC_URL}/company/${input.companyId}/subscription`;
  const checkout = await deps.provider.createCheckout(
    {
      companyId: input.companyId,
      customerId,
      priceId: plan.priceId,
      successUrl: `${page}?checkout=success`,
      cancelUrl: `${page}?checkout=canceled`,
    },
    `checkout-${input.companyId}-${plan.priceId}-${local?.version ?? 0}`,
  );
  return { checkoutUrl: checkout.url };
}

/** Re-reads the company's subscription after a change made here, without waiting for the webhook. */
export async function resync(deps: SubscriptionDeps, companyId: string, requestId?: string): Promise<void> {
  const sync = await syncCompanySubscription(deps, companyId);
  if (sync.changed) await deps.peers.subscriptionChanged(companyId, requestId);
}
